import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type BffApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { createCinemaTransport } from '#bff/plugins/upstream-transport.ts';
import { SITE_ORIGIN } from './harness.ts';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';

/**
 * The upstream client against a scripted HTTP server (the network level, no stubbed fetch):
 * which headers it sends, when it retries, how it reads answers. Routes under test are added
 * to a BFF built the normal way.
 */

type Seen = { method: string; url: string; headers: IncomingHttpHeaders };
const seen: Seen[] = [];
let script: Array<{ status: number; body: string }> = [];
let server: Server;
let app: BffApp;
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    request.resume();
    const next = script.shift() ?? { status: 200, body: request.method === 'GET' ? '{"data":[]}' : '{"message":"ok"}' };
    response.writeHead(next.status, { 'content-type': 'application/json' });
    response.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    UPSTREAM_URL: `http://127.0.0.1:${port}/api/v1`,
    SITE_ORIGIN,
  });
  app = await buildApp(config);
  app.get('/test/read', async (request) =>
    app.upstream.call(request, 'GET /movies/theater/:theater/showtimes', {
      params: { theater: 'a b/c' },
      query: { date: '2026-11-22' },
    }),
  );
  app.get('/test/room', async (request) =>
    app.upstream.call(request, 'GET /room/:showtimeId', { params: { showtimeId: 7 } }),
  );
  app.post('/test/write', async (request) =>
    app.upstream.call(request, 'POST /forgot', { body: { email: 'alguien@example.co' } }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  script = [];
});

const post = (url: string) => app.inject({ method: 'POST', url, headers: { 'x-viziona-client': 'web' }, payload: {} });

describe('upstream client', () => {
  it('sends the secret headers, the API root and the query, and no bearer unless asked', async () => {
    const answer = await app.inject({ method: 'GET', url: '/test/read', headers: { 'x-request-id': 'abc-123' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: [] });
    const request = seen[0]!;
    expect(request.url).toBe('/api/v1/movies/theater/a%20b%2Fc/showtimes?date=2026-11-22');
    expect(request.headers).toMatchObject({
      accept: 'application/json',
      'x-api-key': DEV_SECRETS.CINEMA_API_KEY,
      'x-custom-action': DEV_SECRETS.CINEMA_ACTION_KEY,
      'x-request-id': 'abc-123',
    });
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers['x-register-code']).toBeUndefined();
  });

  it('sends an optional bearer call without the token unless the caller asks', async () => {
    script = [{ status: 404, body: '{"message":"No se encontró la función."}' }];
    await app.inject({ method: 'GET', url: '/test/room' });
    expect(seen[0]!.url).toBe('/api/v1/room/7');
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('adds the extra secret header only to the calls that declare it, with a JSON body', async () => {
    const transport = createCinemaTransport(config);
    try {
      await transport.send('POST /code', { body: {}, token: 'the-token', requestId: 'r1' });
      await transport.send('POST /pay-token', { body: { score_consecutive: 1 }, token: 'the-token', requestId: 'r2' });
      await transport.send('POST /login', {
        body: { email: 'a@b.co', password: 'x' },
        token: 'the-token',
        requestId: 'r3',
      });
    } finally {
      await transport.close();
    }
    const [code, payToken, login] = seen;
    expect(code!.headers).toMatchObject({
      'x-register-code': DEV_SECRETS.CINEMA_REGISTER_CODE,
      authorization: 'Bearer the-token',
      'content-type': 'application/json',
    });
    expect(code!.headers['x-registration-key']).toBeUndefined();
    expect(payToken!.headers).toMatchObject({ 'x-registration-key': DEV_SECRETS.CINEMA_REGISTRATION_KEY });
    expect(payToken!.headers['x-register-code']).toBeUndefined();
    // A call without auth never carries a token, whatever the caller holds.
    expect(login!.headers.authorization).toBeUndefined();
    expect(login!.headers['x-register-code']).toBeUndefined();
  });

  it('retries a read once after a 503', async () => {
    script = [{ status: 503, body: '' }];
    const answer = await app.inject({ method: 'GET', url: '/test/read' });
    expect(answer.statusCode).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('gives up after the one retry with 502', async () => {
    script = [
      { status: 503, body: '' },
      { status: 503, body: '' },
    ];
    const answer = await app.inject({ method: 'GET', url: '/test/read' });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect(seen).toHaveLength(2);
  });

  it('never retries a write', async () => {
    script = [{ status: 503, body: '' }];
    const answer = await post('/test/write');
    expect(answer.statusCode).toBe(502);
    expect(seen).toHaveLength(1);
  });

  it('hides a 500 and an answer that does not match its schema behind 502', async () => {
    script = [{ status: 500, body: '{"message":"SQLSTATE[42S02] secret table"}' }];
    const failed = await post('/test/write');
    expect(failed.statusCode).toBe(502);
    expect(failed.body).not.toContain('SQLSTATE');

    script = [{ status: 200, body: '{"data":"not a list","internal":"x"}' }];
    const malformed = await app.inject({ method: 'GET', url: '/test/read' });
    expect(malformed.statusCode).toBe(502);
    expect(malformed.body).not.toContain('internal');
  });

  it('passes a 422 through with its message and first message per field', async () => {
    script = [
      {
        status: 422,
        body: '{"message":"El campo x es obligatorio.","errors":{"x":["El campo x es obligatorio.","otro"],"y":["Y mal."]}}',
      },
    ];
    const answer = await post('/test/write');
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'El campo x es obligatorio.',
        fields: { x: 'El campo x es obligatorio.', y: 'Y mal.' },
      },
    });
  });

  it('maps 404 to our own Spanish 404', async () => {
    script = [{ status: 404, body: '{"message":"No query results for model [App\\\\Models\\\\Movie]."}' }];
    const answer = await app.inject({ method: 'GET', url: '/test/read' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No encontramos lo que buscas.' } });
  });
});
