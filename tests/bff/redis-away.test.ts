import { afterAll, beforeAll, expect, it } from 'vitest';
import { BffError, ERROR_MESSAGES } from '#bff/errors.ts';
import { withLock } from '#bff/plugins/shared-lock.ts';
import { call, registerPerson, startReplicas, type Replicas } from './harness.ts';
import { pickShowtimes } from './booking-helpers.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';

/**
 * Redis away in the middle of a purchase: what must be shared between replicas (the hold, the
 * reservation and payment locks) cannot be read, so the purchase is refused the way a cinema API
 * outage is (502, our Spanish message), not with a 500 and ioredis' own words; the public reads
 * and the session still answer. A lock Redis restarted under is released once it is back.
 */
let redis: RedisServer;
let replicas: Replicas;

beforeAll(async () => {
  redis = await startRedisServer();
  replicas = await startReplicas({ replicas: 1, env: { REDIS_URL: redis.url } });
}, 60_000);

afterAll(async () => {
  await replicas?.close();
  await redis?.stop();
});

it('answers a purchase with 502 UPSTREAM_UNAVAILABLE while Redis is away, and the session still reads', async () => {
  const app = replicas.apps[0]!;
  const [showtime] = await pickShowtimes(replicas, 1, { zones: ['General'] });
  const person = await registerPerson(app);
  expect((await call(app, 'GET', `/bff/booking/${showtime!.id}`, { cookie: person.cookie })).status).toBe(200);

  await redis.stop();

  const view = await call(app, 'GET', `/bff/booking/${showtime!.id}`, { cookie: person.cookie });
  const reserve = await call(app, 'POST', `/bff/booking/${showtime!.id}/reserve`, {
    cookie: person.cookie,
    body: { zone: 'General', seats: ['A-1'] },
  });
  for (const answer of [view, reserve]) {
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      error: { code: 'UPSTREAM_UNAVAILABLE', message: ERROR_MESSAGES.upstreamUnavailable },
    });
  }
  const session = await call(app, 'GET', '/bff/session', { cookie: person.cookie });
  expect(session.status).toBe(200);
}, 60_000);

it("releases a lock whose release Redis missed (restarted mid-request) once it is back, and keeps the request's outcome", async () => {
  const kept = await startRedisServer({ appendOnly: true });
  const restarted = await startReplicas({ replicas: 1, env: { REDIS_URL: kept.url } });
  try {
    const store = restarted.apps[0]!.sharedStore;
    const lock = { ttlMs: 30_000, waitMs: 10_000, busy: () => new BffError(409, 'RESERVE_BUSY', 'ocupado') };
    // Redis stops while the cinema API takes the seats (the lock written to its append-only file).
    const outcome = await withLock(store, 'reserve:ana@correo.test', lock, async () => {
      await kept.halt();
      return 'sillas tomadas';
    });
    expect(outcome).toBe('sillas tomadas');
    await kept.resume();
    const answers = () =>
      store.get('ping').then(
        () => true,
        () => false,
      );
    await expect.poll(answers, { timeout: 10_000 }).toBe(true);
    // The person's retry gets the lock well within its wait, not after the lock's 30 s.
    expect(await withLock(store, 'reserve:ana@correo.test', lock, async () => 'otra vez')).toBe('otra vez');
  } finally {
    await restarted.close();
    await kept.stop();
  }
}, 60_000);
