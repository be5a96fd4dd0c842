import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startSecurityStack, type SecurityStack } from './stack.ts';

/**
 * The findings at the front door: its own 502 to many of 500 concurrent oversized POSTs
 * instead of the BFF's 413, a 500 with a stack trace to TRACE, and a refused oversized upload
 * that said keep-alive and then dropped the socket under the next request.
 */

let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack({ site: true, env: { RATE_LIMIT_FACTOR: '1000' } });
}, 90_000);
afterAll(async () => {
  await stack?.close();
});

function post(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  agent: http.Agent,
): Promise<{ status: number; connection: string | undefined }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path,
        agent,
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      },
    );
    request.on('error', () => resolve({ status: -1, connection: undefined }));
    request.end(body);
  });
}

const multipartHeaders = { 'x-viziona-client': 'web', 'content-type': 'multipart/form-data; boundary=xyz' };

describe('the front door', () => {
  it('relays the BFF 413 to 500 concurrent oversized POSTs, never a 502 of its own', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 500 });
    const json = Buffer.alloc(200 * 1024, 'a');
    const upload = Buffer.alloc(52 * 1024 * 1024, 'b');
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        index % 50 === 0
          ? post(stack.frontUrl, '/bff/forms/pqr', multipartHeaders, upload, agent)
          : post(
              stack.frontUrl,
              '/bff/auth/login',
              { 'x-viziona-client': 'web', 'content-type': 'application/json' },
              json,
              agent,
            ),
      ),
    );
    agent.destroy();
    const counts = new Map<number, number>();
    for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
    console.log(`front door, 500 oversized POSTs: ${JSON.stringify(Object.fromEntries(counts))}`);
    expect(counts.get(413)).toBe(500);
  }, 120_000);

  it('refuses TRACE and other unusual methods with 405 and no stack', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACE', '/bff/health'],
      ['TRACK', '/'],
      ['CONNECT', '/'],
      ['PROPFIND', '/cartelera'],
    ]) {
      const answer = await rawRequest(
        stack.frontUrl,
        `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, `${method} ${path}`).toMatch(/^HTTP\/1\.1 (405|400)/);
      expect(answer).not.toMatch(/at .*\.(js|ts|mjs):\d+/);
    }
  });

  it('says Connection: close when it refuses an upload it has not read, and the answer arrives', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await post(
      stack.bffUrl,
      '/bff/forms/pqr',
      multipartHeaders,
      Buffer.alloc(52 * 1024 * 1024, 'c'),
      agent,
    );
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe('close');
    // The next request on the same agent gets a fresh connection and its answer.
    const next = await new Promise<number>((resolve) => {
      http
        .get(`${stack.bffUrl}/bff/health`, { agent }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', () => resolve(-1));
    });
    expect(next).toBe(200);
    agent.destroy();
  }, 60_000);
});
