import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsServer } from '#bff/operations/ops-server.ts';
import { startStack, type Stack } from '../bff/harness.ts';
import { eventBody, operatorClient } from '../bff/waiting-room-helpers.ts';

/**
 * The finding: the operations port obeyed any web page. With no credential and no check of
 * `Origin` or `Host`, `POST /waiting-room/events/<id>/pause` from another site's page paused a
 * presale, and a rebound `Host: ops.evil.example` read the list of events. Now the port answers
 * only hosts it knows, refuses anything a browser page sends (`Origin`), and the operator routes
 * need the operators' token (OPS_TOKEN); probes and Prometheus keep their paths without it.
 */

const TOKEN = 'ops-token-for-the-attack-test-0123456789';
let stack: Stack;
let ops: ReturnType<typeof createOpsServer>;
let port: number;
let operator: Awaited<ReturnType<typeof operatorClient>>;

beforeAll(async () => {
  stack = await startStack({ env: { OPS_TOKEN: TOKEN, OPS_HOSTS: 'viziona-bff-ops' } });
  ops = createOpsServer(stack.app);
  await new Promise<void>((resolve) => ops.listen(0, '127.0.0.1', resolve));
  port = (ops.address() as AddressInfo).port;
  operator = await operatorClient(stack.app);
  const body = eventBody('objetivo', { kind: 'all' });
  expect((await operator.send('POST', '/waiting-room/events', body)).status).toBe(201);
});

afterAll(async () => {
  await operator?.close();
  await new Promise<void>((resolve) => ops?.close(() => resolve()));
  await stack?.close();
});

/** A raw request, so the Host header can be anything (fetch would set its own). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const bearer = { authorization: `Bearer ${TOKEN}` };
const stateOf = async () =>
  ((await operator.send('GET', '/waiting-room/events/objetivo')).body as { state: string }).state;

describe('the operations port', () => {
  it('refuses a cross-site page: no pause, even with the token a page could not know anyway', async () => {
    const plain = await send('POST', '/waiting-room/events/objetivo/pause', {
      host: `127.0.0.1:${port}`,
      origin: 'https://evil.example',
    });
    expect(plain.status).toBe(403);
    expect(JSON.parse(plain.body)).toMatchObject({ error: { code: 'CROSS_SITE' } });
    const withToken = await send('POST', '/waiting-room/events/objetivo/pause', {
      host: `127.0.0.1:${port}`,
      origin: 'https://evil.example',
      ...bearer,
    });
    expect(withToken.status).toBe(403);
    expect(await stateOf()).toBe('scheduled');
  });

  it('refuses an operator request without the token, or with a wrong one', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const answer = await send('POST', '/waiting-room/events/objetivo/pause', {
        host: `127.0.0.1:${port}`,
        ...headers,
      });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
    expect((await send('GET', '/waiting-room/events', { host: `127.0.0.1:${port}` })).status).toBe(401);
    expect(await stateOf()).toBe('scheduled');
  });

  it('refuses a rebound host name, token or not, on every path', async () => {
    for (const path of ['/waiting-room/events', '/metrics', '/ready']) {
      const answer = await send('GET', path, { host: `ops.evil.example:${port}`, ...bearer });
      expect(answer.status, path).toBe(421);
      expect(answer.body).not.toContain('objetivo');
    }
  });

  it('answers the operators with the token, by IP, localhost or a name in OPS_HOSTS', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      'viziona-bff-ops:9300',
      '10.1.2.3',
    ]) {
      const answer = await send('GET', '/waiting-room/events', { host, ...bearer });
      expect(answer.status, host).toBe(200);
      expect(answer.body).toContain('"objetivo"');
    }
    const paused = await send('POST', '/waiting-room/events/objetivo/open', { host: `127.0.0.1:${port}`, ...bearer });
    expect(paused.status).toBe(200);
    expect(await stateOf()).toBe('open');
  });

  it('forwards only what lies under the operator routes once the path is normalised: no public route through `..` (issue 39)', async () => {
    // The finding: `GET /../session` with the token (curl --path-as-is) answered the public
    // `GET /bff/session`, skipping the same-origin check every public state change has.
    const escapes: Array<[string, string]> = [
      ['GET', '/../session'],
      ['GET', '/waiting-room/../../session'],
      ['GET', '/%2e%2e/session'],
      ['GET', '/.%2E/session'],
      ['GET', '/%2E%2E/%2E%2E/bff/session'],
      ['GET', '/..%2fsession'],
      ['GET', '/..%2Fcatalogue/billboard'],
      ['GET', '/..\\session'],
      ['GET', '/\\..\\session'],
      ['GET', '/waiting-room/events/..%5c..%5c..%5csession'],
      ['POST', '/../auth/logout'],
      ['POST', '/../alerts'],
      ['GET', '/./../health'],
      ['GET', '/..'],
      ['GET', '/..;/session'],
    ];
    const reached: string[] = [];
    for (const [method, path] of escapes) {
      const answer = await send(method, path, { host: `127.0.0.1:${port}`, ...bearer });
      // The operator hears that nothing of theirs is there (or that an event id is malformed),
      // in the BFF's error shape.
      if (answer.status !== 404 && answer.status !== 400)
        reached.push(`${method} ${path} → ${answer.status} ${answer.body.slice(0, 80)}`);
      else expect(JSON.parse(answer.body), path).toMatchObject({ error: { code: expect.any(String) } });
    }
    expect(reached).toEqual([]);
    // The operator's own routes answer as before, written plainly or with harmless dots.
    for (const path of ['/waiting-room/events', '/waiting-room/./events', '/waiting-room/events/x/../objetivo']) {
      const answer = await send('GET', path, { host: `127.0.0.1:${port}`, ...bearer });
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain('objetivo');
    }
  });

  it('keeps /live, /ready and /metrics for probes and Prometheus, without a token', async () => {
    // The kubelet and Prometheus name the pod by its IP.
    expect((await send('GET', '/live', { host: `10.0.0.7:${port}` })).status).toBe(200);
    expect((await send('GET', '/ready', { host: `10.0.0.7:${port}` })).status).toBe(200);
    const metrics = await send('GET', '/metrics', { host: `10.0.0.7:${port}` });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('# TYPE');
  });
});
