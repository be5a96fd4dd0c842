import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '#bff/errors.ts';
import { pickShowtimes } from '../bff/booking-helpers.ts';
import { startReplicas, type Replicas } from '../bff/harness.ts';
import { startRedisServer, type RedisServer } from '../bff/redis-server.ts';
import { CookieJar, eventBody, operatorClient } from '../bff/waiting-room-helpers.ts';

/**
 * The finding (issue 39): one client stuffed the pre-queue's draw. The live places an address
 * may hold in an event were counted per address as the request named it, so a client with an
 * IPv6 network (every subscriber gets a /64: 2^64 addresses to write its requests from) or one
 * writing its IPv4 address as IPv4-mapped IPv6 held as many places as it liked, on every replica.
 * One client is now one network (an IPv4 address, an IPv6 /64), counted by the event's scripts
 * in Redis, so both replicas hold it to the event's bound; a neighbour on another network joins
 * as usual. The edge writes the client's address (X-Forwarded-For, trusted from loopback here).
 */

const LIVE = 4;
let redis: RedisServer;
let replicas: Replicas;
let showtimeId: number;
let otherShowtimeId: number;

beforeAll(async () => {
  redis = await startRedisServer();
  replicas = await startReplicas({
    replicas: 2,
    env: {
      REDIS_URL: redis.url,
      WAITING_ROOM_NEW_PLACES_PER_ADDRESS: '1000',
      WAITING_ROOM_LIVE_PLACES_PER_ADDRESS: String(LIVE),
    },
  });
  const [one, two] = await pickShowtimes(replicas, 2);
  if (!one || !two) throw new Error('the sandbox has no two showtimes');
  showtimeId = one.id;
  otherShowtimeId = two.id;
}, 60_000);
afterAll(async () => {
  await replicas?.close();
  await redis?.stop();
});

/** A browser without cookies arriving from `address`, through replica `index % 2`. */
async function arrive(index: number, address: string, showtime: number) {
  const jar = new CookieJar();
  const answer = await jar.send(
    replicas.apps[index % 2]!,
    'GET',
    `/bff/waiting-room/showtimes/${showtime}/admission`,
    undefined,
    {
      'x-forwarded-for': address,
    },
  );
  return { jar, answer };
}

async function openEvent(id: string, showtime: number) {
  const ops = await operatorClient(replicas.apps[0]!);
  expect(
    (await ops.send('POST', '/waiting-room/events', eventBody(id, { kind: 'showtimes', showtimeIds: [showtime] })))
      .status,
  ).toBe(201);
  for (const app of replicas.apps) await app.waitingRoom.service.registry.refresh();
  return ops;
}

describe("one client's places in a pre-queue draw", () => {
  it('holds an IPv6 network to the bound whichever of its addresses and replicas it writes from; a neighbour network still joins', async () => {
    const ops = await openEvent('red-ipv6', showtimeId);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof arrive>>['answer'] | null = null;
    for (let host = 1; host <= 40; host += 1) {
      const { answer } = await arrive(
        host,
        `2001:db8:77:1:${host.toString(16)}:0:0:${(host * 7).toString(16)}`,
        showtimeId,
      );
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses.filter((status) => status === 403)).toHaveLength(LIVE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - LIVE);
    expect(refused?.body).toMatchObject({ error: { code: 'RATE_LIMITED', message: ERROR_MESSAGES.rateLimited } });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await replicas.apps[1]!.waitingRoom.service.store.pulse('red-ipv6', Date.now())).waiting).toBe(LIVE);

    // The next person, on another network, takes a place and reads it.
    const { jar, answer } = await arrive(1, '2001:db8:77:2::1', showtimeId);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'WAITING_ROOM' } });
    const status = await jar.status(replicas.apps[0]!, showtimeId);
    expect(status.status).toBe('waiting');
    expect(status.place?.prequeue).toBe(true);
    await ops.send('POST', '/waiting-room/events/red-ipv6/end');
    await ops.close();
  });

  it('counts an IPv4 address and its IPv4-mapped IPv6 spelling as one client', async () => {
    const ops = await openEvent('mapeada', otherShowtimeId);
    const statuses: number[] = [];
    for (let index = 0; index < 3 * LIVE; index += 1) {
      const address = index % 3 === 0 ? '198.51.100.7' : index % 3 === 1 ? '::ffff:198.51.100.7' : '::FFFF:c633:6407';
      statuses.push((await arrive(index, address, otherShowtimeId)).answer.status);
    }
    expect(statuses.filter((status) => status === 403)).toHaveLength(LIVE);
    expect((await replicas.apps[0]!.waitingRoom.service.store.pulse('mapeada', Date.now())).waiting).toBe(LIVE);
    // Its IPv4 neighbour is another client.
    expect((await arrive(0, '198.51.100.8', otherShowtimeId)).answer.status).toBe(403);
    await ops.send('POST', '/waiting-room/events/mapeada/end');
    await ops.close();
  });
});
