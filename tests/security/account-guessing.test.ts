import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BffApp } from '#bff/app.ts';
import { loadConfig } from '#bff/plugins/config.ts';
import { buildSandbox } from '#sandbox/app.ts';
import { ATTEMPT_LIMITS, ATTEMPT_MESSAGES } from '#bff/accounts/attempt-limits.ts';
import { SITE_ORIGIN, call, outbox, registerPerson, type Stack } from '../bff/harness.ts';
import { startRedisServer, type RedisServer } from '../bff/redis-server.ts';

/**
 * The finding: nothing counted per account or per target. Many addresses guessed one
 * account's password and one verification code, and flooded one victim's mailbox. Here two
 * BFF replicas share a real Redis, and each attempt comes from its own address and replica.
 */

let redis: RedisServer;
let sandbox: ReturnType<typeof buildSandbox>;
let sandboxUrl: string;
let replicas: BffApp[];

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
  replicas = [await buildApp(config), await buildApp(config)];
  await Promise.all(replicas.map((app) => app.ready()));
});
afterAll(async () => {
  await Promise.all((replicas ?? []).map((app) => app.close()));
  await sandbox?.close();
  await redis?.stop();
});

let address = 0;
/** Each attempt from a new address, alternating replicas. */
const attempt = (method: 'GET' | 'POST', url: string, options: { body?: unknown; cookie?: string } = {}) => {
  address += 1;
  return call(replicas[address % 2]!, method, url, {
    ...options,
    remoteAddress: `198.18.${Math.floor(address / 250)}.${(address % 250) + 1}`,
  });
};
const mailbox = (to: string) => outbox({ sandboxUrl } as Stack, to);

describe('guessing one account from many addresses', () => {
  it('locks log-in after a few wrong passwords, with a Spanish message, even for the right one', async () => {
    const person = await registerPerson(replicas[0]!);
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      statuses.push(
        (await attempt('POST', '/bff/auth/login', { body: { email: person.email, password: 'Mala12345' } })).status,
      );
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(ATTEMPT_LIMITS.login.lockAfter);
    expect(statuses.slice(ATTEMPT_LIMITS.login.lockAfter).every((status) => status === 429)).toBe(true);

    const right = await attempt('POST', '/bff/auth/login', {
      body: { email: person.email.toUpperCase(), password: person.password },
    });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ error: { code: 'ACCOUNT_LOCKED', message: ATTEMPT_MESSAGES.accountLocked } });
    expect(right.cookie).toBeUndefined();
  }, 60_000);

  it('counts concurrent guesses too: 30 at once reach the API at most as often as the lock allows', async () => {
    const person = await registerPerson(replicas[1]!);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () =>
        attempt('POST', '/bff/auth/login', { body: { email: person.email, password: 'Mala12345' } }).then(
          (answer) => answer.status,
        ),
      ),
    );
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(ATTEMPT_LIMITS.login.lockAfter);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      30 - ATTEMPT_LIMITS.login.lockAfter,
    );
  }, 60_000);

  it('kills a verification code after a few wrong tries; a new code works', async () => {
    const person = await registerPerson(replicas[0]!);
    const [first] = await mailbox(person.email);
    const statuses: number[] = [];
    for (let index = 0; index < 60; index += 1) {
      const wrong = String((Number(first!.code) + 1 + index) % 1_000_000).padStart(first!.code!.length, '0');
      statuses.push(
        (await attempt('POST', '/bff/verification/validate', { body: { code: wrong }, cookie: person.cookie })).status,
      );
    }
    expect(statuses.every((status) => status === 422)).toBe(true);
    const right = await attempt('POST', '/bff/verification/validate', {
      body: { code: first!.code },
      cookie: person.cookie,
    });
    expect(right.status).toBe(422);
    expect(right.body).toMatchObject({
      error: { code: 'CODE_EXHAUSTED', fields: { code: ATTEMPT_MESSAGES.codeExhausted } },
    });

    expect((await attempt('POST', '/bff/verification/send', { cookie: person.cookie })).status).toBe(200);
    const [fresh] = await mailbox(person.email);
    expect(fresh!.code).not.toBe(first!.code);
    const verified = await attempt('POST', '/bff/verification/validate', {
      body: { code: fresh!.code },
      cookie: person.cookie,
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ user: { verified: true } });
  }, 60_000);

  it('caps recovery e-mails to one victim per hour', async () => {
    const person = await registerPerson(replicas[0]!);
    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1) {
      statuses.push((await attempt('POST', '/bff/auth/forgot', { body: { email: person.email } })).status);
    }
    const resets = (await mailbox(person.email)).filter((mail) => mail.kind !== 'verification-code');
    expect(resets).toHaveLength(ATTEMPT_LIMITS.resetMails.max);
    expect(statuses.slice(ATTEMPT_LIMITS.resetMails.max).every((status) => status === 429)).toBe(true);
  }, 60_000);

  it('caps verification-code e-mails to one account per hour', async () => {
    const person = await registerPerson(replicas[0]!);
    const before = (await mailbox(person.email)).length;
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      statuses.push((await attempt('POST', '/bff/verification/send', { cookie: person.cookie })).status);
    }
    expect((await mailbox(person.email)).length - before).toBe(ATTEMPT_LIMITS.codeMails.max);
    const refused = await attempt('POST', '/bff/verification/send', { cookie: person.cookie });
    expect(refused.body).toEqual({ error: { code: 'TOO_MANY_MAILS', message: ATTEMPT_MESSAGES.tooManyCodeMails } });
  }, 60_000);
});
