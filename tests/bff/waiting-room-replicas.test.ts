import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BffApp } from '#bff/app.ts';
import { startReplicas, registerPerson, type Replicas } from './harness.ts';
import { pickShowtimes } from './booking-helpers.ts';
import { redisClient, startRedisServer, type RedisServer } from './redis-server.ts';
import { CookieJar, eventBody, operatorClient, until } from './waiting-room-helpers.ts';

/**
 * Two BFF replicas sharing Debian's redis-server hold one queue: arrivals through either are
 * admitted in one order, at the event's rate together; a replica closed in the middle of the
 * event loses nobody and nobody is admitted twice; while Redis does not answer, a covered
 * purchase is closed, never let through.
 */
let redis: RedisServer;
let replicas: Replicas;
let showtimes: Array<{ id: number }>;

beforeAll(async () => {
  redis = await startRedisServer({ appendOnly: true });
  replicas = await startReplicas({
    replicas: 2,
    env: { REDIS_URL: redis.url, RATE_LIMIT_FACTOR: '20' },
    waitingRoom: { tickMs: 100 },
  });
  showtimes = await pickShowtimes(replicas, 2);
}, 60_000);

afterAll(async () => {
  await replicas?.close();
  await redis?.stop();
});

const replica = (index: number): BffApp => replicas.apps[index % 2]!;

/** An operator's change is read by the other replicas within two seconds; the test does not wait. */
async function everyReplicaKnows(): Promise<void> {
  for (const app of replicas.apps) await app.waitingRoom.service.registry.refresh();
}

describe('the waiting room on two replicas sharing Redis', () => {
  it('admits everybody once, in order, though a replica closes in the middle of the event', async () => {
    const ops = await operatorClient(replica(0));
    const showtimeId = showtimes[0]!.id;
    const created = await ops.send(
      'POST',
      '/waiting-room/events',
      eventBody(
        'dos-replicas',
        { kind: 'showtimes', showtimeIds: [showtimeId] },
        {
          saleInMs: -1_000,
          perMinute: 1_800,
          maxBuyers: 1_000,
        },
      ),
    );
    expect(created.status).toBe(201);
    await everyReplicaKnows();

    // 120 people arrive one after another, through either replica.
    const people: CookieJar[] = [];
    for (let index = 0; index < 120; index += 1) {
      const jar = new CookieJar();
      const answer = await jar.send(replica(index), 'GET', `/bff/waiting-room/showtimes/${showtimeId}/admission`);
      expect(answer.status).toBe(403);
      people.push(jar);
    }
    // Every one of them keeps coming back (the waiting page), through either replica.
    const statusOf = (jar: CookieJar, index: number) => jar.status(replica(index), showtimeId);
    await Promise.all(people.map((jar, index) => statusOf(jar, index)));

    // One replica goes away while people are being admitted.
    await until(
      () => replica(0).waitingRoom.service.store.figures('dos-replicas', Date.now()),
      (figures) => figures.admitted >= 10,
    );
    await replicas.apps[1]!.close();
    replicas.apps.splice(1, 1);

    const admittedAt = new Map<number, number>();
    await until(
      async () => {
        await Promise.all(
          people.map(async (jar, index) => {
            if (admittedAt.has(index)) return;
            const status = await jar.status(replicas.apps[0]!, showtimeId);
            if (status.status === 'admitted') admittedAt.set(index, status.passUntil!);
          }),
        );
        return admittedAt.size;
      },
      (size) => size === people.length,
      20_000,
    );
    const figures = await replicas.apps[0]!.waitingRoom.service.store.figures('dos-replicas', Date.now());
    expect(figures).toMatchObject({ waiting: 0, admitted: 120, buying: 120 });
    // Admitted in arrival order: a later arrival's pass never ends before an earlier one's.
    const deadlines = people.map((_, index) => admittedAt.get(index)!);
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
    await ops.close();
  }, 40_000);

  it('closes a covered purchase while Redis does not answer, and opens it again when it does', async () => {
    const app = replicas.apps[0]!;
    const ops = await operatorClient(app);
    const showtimeId = showtimes[1]!.id;
    await ops.send(
      'POST',
      '/waiting-room/events',
      eventBody('sin-redis', { kind: 'showtimes', showtimeIds: [showtimeId] }, { saleInMs: -1_000 }),
    );
    await everyReplicaKnows();
    const jar = new CookieJar((await registerPerson(app)).cookie);
    expect((await jar.send(app, 'GET', `/bff/booking/${showtimeId}`)).status).toBe(429);
    expect((await jar.send(app, 'GET', `/bff/waiting-room/showtimes/${showtimeId}/admission`)).status).toBe(403);

    const admin = redisClient(redis.url);
    try {
      await admin.call('CLIENT', 'PAUSE', '2500', 'ALL');
      const closed = await jar.send(app, 'GET', `/bff/waiting-room/showtimes/${showtimeId}/status`);
      expect(closed.body).toMatchObject({ status: 'closed' });
      // What the BFF answered to the purchase call: closed, never a way through.
      const refused = await until(
        () => jar.send(app, 'GET', `/bff/booking/${showtimeId}`),
        (answer) => answer.status !== 200,
      );
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
    } finally {
      admin.disconnect();
    }
    await until(
      () => jar.status(app, showtimeId),
      (status) => status.status === 'admitted',
      15_000,
    );
    expect((await jar.send(app, 'GET', `/bff/booking/${showtimeId}`)).status).toBe(200);
    await ops.close();
  }, 30_000);
});
