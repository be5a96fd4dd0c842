import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { SITE_ORIGIN, call, startStack, type Stack } from './harness.ts';

const stacks: Stack[] = [];
afterAll(async () => {
  await Promise.all(stacks.map((stack) => stack.close()));
});

describe('upstream failures', () => {
  it('turns an unreachable cinema API into 502 with a Spanish message', async () => {
    // Port 9 (discard) on loopback: nothing listens there.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: 'http://127.0.0.1:9/api/v1',
      SITE_ORIGIN,
    });
    const app = await buildApp(config);
    try {
      const answer = await call(app, 'GET', '/bff/catalogue/movies/week');
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({
        error: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'No pudimos comunicarnos con el servicio en este momento. Intenta de nuevo en unos minutos.',
        },
      });
      const login = await call(app, 'POST', '/bff/auth/login', {
        body: { email: 'demo@viziona.co', password: 'Demo1234' },
      });
      expect(login.status).toBe(502);
      expect(login.cookie).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('does not leak that our own API key was refused', async () => {
    const stack = await startStack({ env: { CINEMA_API_KEY: 'wrong-key' } });
    stacks.push(stack);
    const answer = await call(stack.app, 'GET', '/bff/catalogue/club');
    expect(answer.status).toBe(502);
    expect(answer.text).not.toContain('Unauthenticated');
  });

  it('does not leak that a secret header was refused', async () => {
    const stack = await startStack({ env: { CINEMA_REGISTER_CODE: 'd3Jvbmc=' } });
    stacks.push(stack);
    const login = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: 'nuevo@viziona.co', password: 'Nuevo1234' },
    });
    expect(login.status).toBe(200);
    const send = await call(stack.app, 'POST', '/bff/verification/send', { cookie: login.cookie! });
    expect(send.status).toBe(502);
    expect(send.text).not.toContain('Forbidden');
  });
});
