import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BffApp } from '#bff/app.ts';
import { ERROR_MESSAGES } from '#bff/errors.ts';
import { startReplicas, type Replicas } from './harness.ts';
import { pickShowtimes } from './booking-helpers.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { CookieJar, eventBody, operatorClient } from './waiting-room-helpers.ts';

/**
 * Without the captcha, the admission read joins whoever comes without a ticket cookie: a client
 * that drops its cookies would take a place a request. The new places one address may take a
 * minute are counted in Redis with the queue, so two replicas hold the limit together; a
 * person who keeps their cookies still reads their own place.
 */
const NEW_PLACES_PER_ADDRESS = 4;

let redis: RedisServer;
let replicas: Replicas;
let showtimeId: number;
let otherShowtimeId: number;

beforeAll(async () => {
  redis = await startRedisServer();
  replicas = await startReplicas({
    replicas: 2,
    env: { REDIS_URL: redis.url, WAITING_ROOM_NEW_PLACES_PER_ADDRESS: String(NEW_PLACES_PER_ADDRESS) },
  });
  const [showtime, other] = await pickShowtimes(replicas, 2);
  if (!showtime || !other) throw new Error('the sandbox has no two showtimes');
  showtimeId = showtime.id;
  otherShowtimeId = other.id;
}, 60_000);

afterAll(async () => {
  await replicas?.close();
  await redis?.stop();
});

const replica = (index: number): BffApp => replicas.apps[index % 2]!;

describe('new places per address, on two replicas sharing Redis', () => {
  it('gives one address its new places of the minute across both replicas, refuses more with 429 and Retry-After, and still reads the place of a person who keeps their cookies', async () => {
    const ops = await operatorClient(replica(0));
    const created = await ops.send(
      'POST',
      '/waiting-room/events',
      eventBody('por-direccion', { kind: 'showtimes', showtimeIds: [showtimeId] }),
    );
    expect(created.status).toBe(201);
    for (const app of replicas.apps) await app.waitingRoom.service.registry.refresh();
    const admission = `/bff/waiting-room/showtimes/${showtimeId}/admission`;

    // Four browsers behind one address, through either replica: four places.
    const people: CookieJar[] = [];
    for (let index = 0; index < NEW_PLACES_PER_ADDRESS; index += 1) {
      const jar = new CookieJar();
      const answer = await jar.send(replica(index), 'GET', admission);
      expect(answer.status).toBe(403);
      expect(jar.cookies.size).toBeGreaterThan(0);
      people.push(jar);
    }

    // A client dropping its cookies gets no fifth place on either replica, nor by the join.
    for (const index of [0, 1]) {
      const dropper = new CookieJar();
      const refused = await dropper.send(replica(index), 'GET', admission);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED', message: ERROR_MESSAGES.rateLimited } });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(dropper.cookies.size).toBe(0);
    }
    const joined = await new CookieJar().send(replica(1), 'POST', `/bff/waiting-room/showtimes/${showtimeId}/join`, {});
    expect(joined.status).toBe(429);
    expect((await replica(0).waitingRoom.service.store.pulse('por-direccion', Date.now())).waiting).toBe(
      NEW_PLACES_PER_ADDRESS,
    );

    // Each person who kept their cookies still reads their place, through either replica.
    for (const [index, jar] of people.entries()) {
      const again = await jar.send(replica(index + 1), 'GET', admission);
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ error: { code: 'WAITING_ROOM' } });
      const status = await jar.status(replica(index), showtimeId);
      expect(status.status).toBe('waiting');
      expect(status.place?.prequeue).toBe(true);
    }
  });
});

describe('live places per address for the whole event, on two replicas sharing Redis', () => {
  it('holds an address to its live places whichever replica each arrival reaches, minute after minute', async () => {
    const LIVE = 3;
    const bounded = await startReplicas({
      replicas: 2,
      env: {
        REDIS_URL: redis.url,
        WAITING_ROOM_NEW_PLACES_PER_ADDRESS: '1000',
        WAITING_ROOM_LIVE_PLACES_PER_ADDRESS: String(LIVE),
      },
    });
    try {
      const ops = await operatorClient(bounded.apps[0]!);
      const body = eventBody('vivas', { kind: 'showtimes', showtimeIds: [otherShowtimeId] });
      expect((await ops.send('POST', '/waiting-room/events', body)).status).toBe(201);
      for (const app of bounded.apps) await app.waitingRoom.service.registry.refresh();
      const admission = `/bff/waiting-room/showtimes/${otherShowtimeId}/admission`;
      const statuses: number[] = [];
      for (let index = 0; index < LIVE + 3; index += 1)
        statuses.push((await new CookieJar().send(bounded.apps[index % 2]!, 'GET', admission)).status);
      expect(statuses).toEqual([403, 403, 403, 429, 429, 429]);
      const refused = await new CookieJar().send(bounded.apps[1]!, 'GET', admission);
      expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      expect(Number(refused.headers['retry-after'])).toBe(60);
      expect((await bounded.apps[0]!.waitingRoom.service.store.pulse('vivas', Date.now())).waiting).toBe(LIVE);
      await ops.send('POST', '/waiting-room/events/vivas/end');
      await ops.close();
    } finally {
      await bounded.close();
    }
  });
});
