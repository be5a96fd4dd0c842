import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type BffApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { upstreamPath } from '#bff/plugins/upstream.ts';
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

const Answer = z.object({ data: z.object({ value: z.number() }) });

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    request.resume();
    const next = script.shift() ?? { status: 200, body: '{"data":{"value":1}}' };
    response.writeHead(next.status, { 'content-type': 'application/json' });
    response.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    UPSTREAM_URL: `http://127.0.0.1:${port}/api/v1`,
    SITE_ORIGIN,
  });
  app = await buildApp(config);
  app.get('/test/read', async (request) =>
    app.upstream.call(request, {
      method: 'GET',
      path: upstreamPath`things/${'a b/c'}`,
      query: { date: '2026-11-22', skip: undefined },
      schema: Answer,
    }),
  );
  app.post('/test/write', async (request) =>
    app.upstream.call(request, {
      method: 'POST',
      path: 'things',
      body: { x: 1 },
      schema: Answer,
      secretHeader: 'registerCode',
    }),
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
    expect(answer.json()).toEqual({ data: { value: 1 } });
    const request = seen[0]!;
    expect(request.url).toBe('/api/v1/things/a%20b%2Fc?date=2026-11-22');
    expect(request.headers).toMatchObject({
      accept: 'application/json',
      'x-api-key': DEV_SECRETS.CINEMA_API_KEY,
      'x-custom-action': DEV_SECRETS.CINEMA_ACTION_KEY,
      'x-request-id': 'abc-123',
    });
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers['x-register-code']).toBeUndefined();
  });

  it('adds the extra secret header only where asked, with a JSON body', async () => {
    const answer = await post('/test/write');
    expect(answer.statusCode).toBe(200);
    expect(seen[0]!.headers).toMatchObject({
      'x-register-code': DEV_SECRETS.CINEMA_REGISTER_CODE,
      'content-type': 'application/json',
    });
    expect(seen[0]!.headers['x-registration-key']).toBeUndefined();
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

    script = [{ status: 200, body: '{"data":{"value":"not a number","internal":"x"}}' }];
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
