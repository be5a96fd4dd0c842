import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BffApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { SECURE_SESSION_COOKIE } from '#bff/plugins/session.ts';
import { buildSandbox } from '#sandbox/app.ts';
import { SITE_ORIGIN, call, registerPerson } from '../bff/harness.ts';
import { startRedisServer, type RedisServer } from '../bff/redis-server.ts';

/**
 * The findings: after log-out the old cookie still showed who the person was, and after a
 * password change every other session kept working (ASVS 7.4.3). Two BFF replicas share a
 * real Redis: what one ends, the other refuses.
 */

let redis: RedisServer;
let sandbox: ReturnType<typeof buildSandbox>;
let one: BffApp;
let two: BffApp;
let sandboxUrl: string;

beforeAll(async () => {
  redis = await startRedisServer();
  sandbox = buildSandbox({ db: ':memory:' });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    UPSTREAM_URL: `${sandboxUrl}/api/v1`,
    SITE_ORIGIN,
    REDIS_URL: redis.url,
  });
  one = await buildApp(config);
  two = await buildApp(config);
  await Promise.all([one.ready(), two.ready()]);
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  await sandbox?.close();
  await redis?.stop();
});

let address = 0;
const from = () => {
  address += 1;
  return `198.19.0.${address}`;
};
const logIn = async (app: BffApp, email: string, password: string): Promise<string> => {
  const answer = await call(app, 'POST', '/bff/auth/login', { body: { email, password }, remoteAddress: from() });
  expect(answer.status).toBe(200);
  return answer.cookie!;
};

describe('ending sessions', () => {
  it('after log-out, a copy of the old cookie shows nobody, on any replica', async () => {
    const person = await registerPerson(one);
    const copy = person.cookie;
    expect((await call(two, 'GET', '/bff/session', { cookie: copy })).body).toMatchObject({
      user: { email: person.email },
    });

    expect((await call(one, 'POST', '/bff/auth/logout', { cookie: copy })).status).toBe(200);

    for (const app of [one, two]) {
      const session = await call(app, 'GET', '/bff/session', { cookie: copy });
      expect(session.body).toEqual({ user: null });
      expect(session.setCookie).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
      expect((await call(app, 'GET', '/bff/profile', { cookie: copy })).status).toBe(401);
    }
  });

  it('a password change ends every other session of the account, and keeps the one that made it', async () => {
    const person = await registerPerson(one);
    const laptop = await logIn(one, person.email, person.password);
    const phone = await logIn(two, person.email, person.password);
    const stranger = (await registerPerson(two)).cookie;

    const changed = await call(one, 'PUT', '/bff/profile', {
      cookie: laptop,
      body: {
        name: 'Laura',
        lastname: 'Martínez',
        phone: '3001234567',
        birthday: '1992-03-04',
        sex: 'F',
        password: 'Nueva1234',
        confirmPassword: 'Nueva1234',
      },
    });
    expect(changed.status).toBe(200);
    const laptopNow = changed.cookie ?? laptop;

    for (const app of [one, two]) {
      expect((await call(app, 'GET', '/bff/session', { cookie: phone })).body).toEqual({ user: null });
      expect((await call(app, 'GET', '/bff/profile', { cookie: phone })).status).toBe(401);
      expect((await call(app, 'GET', '/bff/session', { cookie: person.cookie })).body).toEqual({ user: null });
      // The session that changed it goes on; other people are untouched.
      expect((await call(app, 'GET', '/bff/profile', { cookie: laptopNow })).status).toBe(200);
      expect((await call(app, 'GET', '/bff/session', { cookie: stranger })).body).toMatchObject({
        user: { email: expect.any(String) },
      });
    }
    // A new log-in with the new password works as usual.
    const fresh = await logIn(two, person.email, 'Nueva1234');
    expect((await call(one, 'GET', '/bff/profile', { cookie: fresh })).status).toBe(200);
  });
});

describe('the session cookie over https', () => {
  it('carries the __Host- prefix: Secure, Path=/, no Domain', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: `${sandboxUrl}/api/v1`,
      SITE_ORIGIN: 'https://www.viziona.example',
    });
    const secure = await buildApp(config);
    try {
      const answer = await secure.inject({
        method: 'POST',
        url: '/bff/auth/login',
        headers: { 'x-viziona-client': 'web', origin: 'https://www.viziona.example' },
        payload: { email: 'demo@viziona.co', password: 'Demo1234' },
      });
      expect(answer.statusCode).toBe(200);
      const setCookie = [answer.headers['set-cookie']]
        .flat()
        .find((value) => typeof value === 'string' && value.startsWith(`${SECURE_SESSION_COOKIE}=`));
      expect(setCookie).toBeDefined();
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).not.toMatch(/Domain=/i);
      const value = setCookie!.slice(SECURE_SESSION_COOKIE.length + 1).split(';')[0];
      const session = await secure.inject({
        method: 'GET',
        url: '/bff/session',
        headers: { cookie: `${SECURE_SESSION_COOKIE}=${value}` },
      });
      expect(session.json()).toMatchObject({ user: { email: 'demo@viziona.co' } });
      // The unprefixed name (a cookie planted by a sibling or plain-http page) opens nothing.
      const planted = await secure.inject({
        method: 'GET',
        url: '/bff/session',
        headers: { cookie: `viziona_session=${value}` },
      });
      expect(planted.json()).toEqual({ user: null });
    } finally {
      await secure.close();
    }
  });
});
