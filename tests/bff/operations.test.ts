import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsServer } from '#bff/operations/ops-server.ts';
import { configWarnings, loadConfig } from '#bff/plugins/config.ts';
import { startStack, type Stack } from './harness.ts';

/** What operators read from a BFF replica: its operations port, readiness and metrics. */

let stack: Stack;
let ops: ReturnType<typeof createOpsServer>;
let opsUrl: string;

beforeAll(async () => {
  stack = await startStack();
  ops = createOpsServer(stack.app);
  await new Promise<void>((resolve) => ops.listen(0, '127.0.0.1', resolve));
  opsUrl = `http://127.0.0.1:${(ops.address() as AddressInfo).port}`;
});

afterAll(async () => {
  ops.close();
  await stack.close();
});

const outage = (down: boolean) =>
  fetch(`${stack.sandboxUrl}/sandbox/outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ down }),
  });

describe('operations port', () => {
  it('is live, and ready while a catalogue read works', async () => {
    expect((await fetch(`${opsUrl}/live`)).status).toBe(200);
    const ready = await fetch(`${opsUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, draining: false, checks: { catalogue: true } });
  });

  it('stays ready with stale data on hand while the cinema API is down, and not ready without', async () => {
    await outage(true);
    try {
      expect((await fetch(`${opsUrl}/ready`)).status).toBe(200);
      stack.app.catalogueCache.clear();
      const cold = await fetch(`${opsUrl}/ready`);
      expect(cold.status).toBe(503);
      expect(await cold.json()).toMatchObject({ ready: false, checks: { catalogue: false } });
    } finally {
      await outage(false);
    }
  });

  it('serves Prometheus metrics by route pattern, upstream outcome and cache outcome', async () => {
    await stack.app.inject({ method: 'GET', url: '/bff/catalogue/releases' });
    await stack.app.inject({ method: 'GET', url: '/bff/content/pages/no-existe' });
    const text = await (await fetch(`${opsUrl}/metrics`)).text();
    expect(text).toMatch(
      /viziona_bff_http_request_duration_seconds_count\{method="GET",route="\/bff\/catalogue\/releases",status_code="200"\} \d+/,
    );
    // Routes are labelled by their pattern, never by the raw URL.
    expect(text).toContain('route="/bff/content/pages/:slug"');
    expect(text).not.toContain('no-existe');
    expect(text).toMatch(/viziona_bff_upstream_calls_total\{outcome="ok"\} \d+/);
    expect(text).toMatch(/viziona_bff_catalogue_cache_reads_total\{outcome="(hit|miss)"\} \d+/);
    expect(text).toContain('viziona_bff_seat_streams_open 0');
    expect(text).toContain('viziona_bff_redis_up -1');
  });

  it('turns not ready as soon as the replica drains, before it closes', async () => {
    stack.app.lifecycle.startDraining();
    const answer = await fetch(`${opsUrl}/ready`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ ready: false, draining: true });
    // Still serving while the load balancer takes it out.
    expect((await stack.app.inject({ method: 'GET', url: '/bff/health' })).statusCode).toBe(200);
  });
});

describe('start-up warnings', () => {
  const production = {
    NODE_ENV: 'production',
    UPSTREAM_URL: 'https://api.viziona.example/api/v1',
    SITE_ORIGIN: 'https://www.viziona.example',
    CINEMA_API_KEY: 'k'.repeat(32),
    CINEMA_ACTION_KEY: 'a'.repeat(32),
    CINEMA_REGISTER_CODE: 'c'.repeat(32),
    CINEMA_REGISTRATION_KEY: 'r'.repeat(32),
    SESSION_KEYS: Buffer.from('0123456789abcdef0123456789abcdef').toString('base64'),
    CAPTCHA_HMAC_KEY: 'h'.repeat(32),
    ETHICS_LINE_EMAIL: 'lineaetica@viziona.example',
    OPS_TOKEN: 'o'.repeat(32),
  };

  it('warns when production runs without Redis, and not with it', () => {
    expect(configWarnings(loadConfig(production)).join(' ')).toContain('REDIS_URL');
    expect(configWarnings(loadConfig({ ...production, REDIS_URL: 'redis://redis:6379' }))).toEqual([]);
    expect(configWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
  });
});
