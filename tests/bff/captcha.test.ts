import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import {
  createMemorySpentCaptchaStore,
  createRedisSpentCaptchaStore,
  type RedisSetIfAbsent,
} from '#bff/plugins/captcha-store.ts';
import {
  formHeaders,
  postForm,
  solvedCaptcha,
  startFormsStack,
  submissions,
  upstreamCalls,
  type FormsStack,
} from './forms-stack.ts';

let stack: FormsStack;

beforeAll(async () => {
  stack = await startFormsStack();
});
afterAll(async () => {
  await stack.close();
});

function pqr(captcha: string | null): FormData {
  const form = new FormData();
  form.append('name', 'Ana');
  form.append('email', 'ana@example.com');
  form.append('phone', '3001234567');
  form.append('type_pqr', 'Felicitación');
  form.append('message', 'Excelente atención.');
  form.append('accept_terms', 'true');
  if (captcha !== null) form.append('captcha', captcha);
  return form;
}

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');
const decode = (payload: string) =>
  JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
    challenge: Challenge;
    solution: { counter: number; derivedKey: string };
  };

describe('GET /bff/captcha/challenge', () => {
  it('hands out a signed, expiring SHA-256 challenge that is never cached', async () => {
    const response = await fetch(`${stack.bffUrl}/bff/captcha/challenge`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = (await response.json()) as Challenge;
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const now = Date.now() / 1000;
    expect(challenge.parameters.expiresAt).toBeGreaterThan(now);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(now + 30 * 60 + 1);
  });
});

describe('captcha on a form', () => {
  it('accepts a solved challenge once; the replay is refused and nothing more is stored', async () => {
    const captcha = await solvedCaptcha(stack.bffUrl);
    const first = await postForm(stack, '/bff/forms/pqr', pqr(captcha));
    expect(first.status).toBe(201);
    const stored = (await submissions(stack)).length;

    const replay = await postForm(stack, '/bff/forms/pqr', pqr(captcha));
    expect(replay.status).toBe(422);
    expect(replay.body.error).toEqual({
      code: 'CAPTCHA_REPLAYED',
      message: 'Este captcha ya fue usado. Por favor, complétalo de nuevo.',
      fields: { captcha: 'Este captcha ya fue usado. Por favor, complétalo de nuevo.' },
    });
    expect(upstreamCalls(stack, replay)).toEqual([]);
    expect(await submissions(stack)).toHaveLength(stored);
  });

  it('refuses a missing captcha with the spec text', async () => {
    const answer = await postForm(stack, '/bff/forms/pqr', pqr(null));
    expect(answer.status).toBe(422);
    expect(answer.body.error?.message).toBe('Por favor, completa el captcha');
    expect(upstreamCalls(stack, answer)).toEqual([]);
  });

  it('refuses a wrong solution, a tampered challenge and garbage', async () => {
    const good = decode(await solvedCaptcha(stack.bffUrl));
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: 'ab'.repeat(32) } };
    const cheaper = {
      ...good,
      challenge: {
        ...good.challenge,
        parameters: { ...good.challenge.parameters, expiresAt: good.challenge.parameters.expiresAt! + 3600 },
      },
    };
    for (const captcha of [encode(wrongKey), encode(cheaper), 'not-a-captcha', encode({ hello: 'world' })]) {
      const answer = await postForm(stack, '/bff/forms/pqr', pqr(captcha));
      expect(answer.status).toBe(422);
      expect(answer.body.error).toMatchObject({
        code: 'CAPTCHA_INVALID',
        message: 'El captcha no es válido o ya expiró. Por favor, complétalo de nuevo.',
      });
      expect(upstreamCalls(stack, answer)).toEqual([]);
    }
  });

  it("refuses a challenge signed with another key (someone else's captcha)", async () => {
    const foreign = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 5,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      hmacSignatureSecret: 'not-our-key',
    });
    const solution = await solveChallenge({ challenge: foreign, deriveKey });
    const answer = await postForm(stack, '/bff/forms/pqr', pqr(encode({ challenge: foreign, solution })));
    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe('CAPTCHA_INVALID');
  });

  it('refuses an expired challenge', async () => {
    const expired = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 5,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
      hmacSignatureSecret: stack.app.config.captcha.hmacKey,
    });
    const solution = await solveChallenge({ challenge: expired, deriveKey });
    const answer = await postForm(stack, '/bff/forms/pqr', pqr(encode({ challenge: expired, solution })));
    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe('CAPTCHA_INVALID');
  });
});

describe('verifyCaptcha (the piece the payment form reuses)', () => {
  it('spends a proof exactly once even when two requests race', async () => {
    const captcha = await solvedCaptcha(stack.bffUrl);
    const verdicts = await Promise.all([stack.app.verifyCaptcha(captcha), stack.app.verifyCaptcha(captcha)]);
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(1);
    expect(verdicts).toContainEqual({ ok: false, reason: 'replayed' });
  });

  it('tells missing from malformed', async () => {
    expect(await stack.app.verifyCaptcha(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(await stack.app.verifyCaptcha('  ')).toEqual({ ok: false, reason: 'missing' });
    expect(await stack.app.verifyCaptcha('x'.repeat(5000))).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('the spent-proof store', () => {
  it('forgets a proof once its challenge has expired, and keeps to its size', async () => {
    let now = 1_000_000;
    const store = createMemorySpentCaptchaStore({ maxEntries: 2, now: () => now });
    expect(await store.spend('a', now + 1000)).toBe(true);
    expect(await store.spend('a', now + 1000)).toBe(false);
    now += 1001;
    expect(await store.spend('a', now + 1000)).toBe(true);
    expect(await store.spend('b', now + 1000)).toBe(true);
    expect(await store.spend('c', now + 1000)).toBe(true);
    // 'a' was the oldest and made room for 'c'; 'b' and 'c' are still spent.
    expect(await store.spend('b', now + 1000)).toBe(false);
    expect(await store.spend('c', now + 1000)).toBe(false);
  });
});

describe('the shared (Redis) spent-proof store', () => {
  it('asks Redis to set the key only if absent, until the challenge expires', async () => {
    const keys = new Map<string, number>();
    const calls: unknown[][] = [];
    const redis: RedisSetIfAbsent = {
      async set(key, value, at, unixTimeMs, nx) {
        calls.push([key, value, at, unixTimeMs, nx]);
        if (keys.has(key)) return null;
        keys.set(key, unixTimeMs);
        return 'OK';
      },
    };
    const store = createRedisSpentCaptchaStore(redis, () => undefined);
    expect(await store.spend('nonce-1', 1_900_000_000_000)).toBe(true);
    expect(await store.spend('nonce-1', 1_900_000_000_000)).toBe(false);
    expect(calls[0]).toEqual(['viziona-captcha:nonce-1', '1', 'PXAT', 1_900_000_000_000, 'NX']);
  });

  it("falls back to this replica's memory when Redis fails, still refusing a replay", async () => {
    const errors: unknown[] = [];
    const broken: RedisSetIfAbsent = {
      set: async () => {
        throw new Error('connection refused');
      },
    };
    const store = createRedisSpentCaptchaStore(broken, (error) => errors.push(error));
    const expiresAt = Date.now() + 60_000;
    expect(await store.spend('nonce-2', expiresAt)).toBe(true);
    expect(await store.spend('nonce-2', expiresAt)).toBe(false);
    expect(errors).toHaveLength(2);
  });
});

describe('challenge rate limit', () => {
  it('answers 429 past sixty challenges a minute from one client', async () => {
    const headers = formHeaders();
    let last = 0;
    for (let index = 0; index < 61; index += 1) {
      const response = await fetch(`${stack.bffUrl}/bff/captcha/challenge`, { headers });
      last = response.status;
      await response.arrayBuffer();
      if (index < 60) expect(response.status).toBe(200);
    }
    expect(last).toBe(429);
  });
});
