import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '#bff/plugins/rate-limit.ts';
import { call, startStack, type Stack } from './harness.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

describe('rate limits', () => {
  it('trips the login limit with a Spanish message, even for the right password', async () => {
    const attempts = RATE_LIMITS.login.max;
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      // Other accounts each time: this is the per-address limit, not the per-account lock.
      const answer = await call(stack.app, 'POST', '/bff/auth/login', {
        body: { email: `persona${attempt}@example.com`, password: 'Mala12345' },
      });
      expect(answer.status).toBe(422);
    }
    const blocked = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: 'demo@viziona.co', password: 'Demo1234' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Demasiados intentos. Intenta de nuevo en unos minutos.' },
    });
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.cookie).toBeUndefined();

    // Other routes keep their own counts.
    expect((await call(stack.app, 'GET', '/bff/session')).status).toBe(200);
    expect((await call(stack.app, 'POST', '/bff/auth/forgot', { body: { email: 'demo@viziona.co' } })).status).toBe(
      200,
    );
  });

  it('counts per client address behind the front door', async () => {
    const answer = await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/login',
      headers: { 'x-viziona-client': 'web', 'x-forwarded-for': '203.0.113.9' },
      payload: { email: 'demo@viziona.co', password: 'Demo1234' },
    });
    expect(answer.statusCode).toBe(200);
  });

  it('limits password recovery', async () => {
    let last = 0;
    for (let attempt = 0; attempt <= RATE_LIMITS.forgotPassword.max; attempt += 1) {
      last = (
        await call(stack.app, 'POST', '/bff/auth/forgot', {
          body: { email: `nadie${attempt}@example.com` },
          headers: { 'x-forwarded-for': '198.51.100.7' },
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe('RATE_LIMIT_FACTOR', () => {
  it('multiplies every limit, for places where many people share one address', async () => {
    const scaled = await startStack({ env: { RATE_LIMIT_FACTOR: '2' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= RATE_LIMITS.forgotPassword.max * 2; attempt += 1) {
        statuses.push(
          (await call(scaled.app, 'POST', '/bff/auth/forgot', { body: { email: `nadie${attempt}@example.com` } }))
            .status,
        );
      }
      expect(statuses.slice(0, RATE_LIMITS.forgotPassword.max * 2).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await scaled.close();
    }
  });
});
