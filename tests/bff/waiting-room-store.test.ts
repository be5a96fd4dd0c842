import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryWaitingRoomStore } from '#bff/waiting-room/store/memory-store.ts';
import { createRedisWaitingRoomStore } from '#bff/waiting-room/store/redis-store.ts';
import type { AdmissionRound, WaitingRoomStore } from '#bff/waiting-room/store/store.ts';
import { newTicketId } from '#bff/waiting-room/tokens.ts';
import { arrivalScore, ARRIVAL_SETTLE_MS } from '#shared/waiting-room/ordering.ts';
import { PURCHASE_WINDOW_SECONDS, RETURN_GRACE_SECONDS } from '#shared/waiting-room/passes.ts';
import { redisClient, startRedisServer, type RedisServer } from './redis-server.ts';

/**
 * The waiting room's two stores hold the same rules: every case runs against the memory store
 * and against Debian's redis-server (the Lua scripts), on a clock the test moves.
 */
let server: RedisServer;
const clients: Redis[] = [];

beforeAll(async () => {
  server = await startRedisServer({ appendOnly: true });
}, 30_000);

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server?.stop();
});

const stores: Array<{ name: string; make: () => WaitingRoomStore }> = [
  { name: 'memory', make: () => createMemoryWaitingRoomStore() },
  {
    name: 'redis',
    make: () => {
      const client = redisClient(server.url);
      clients.push(client);
      return createRedisWaitingRoomStore(client);
    },
  },
];

const SALE = Date.UTC(2026, 11, 1, 15, 0, 0);
let events = 0;
const nextEvent = () => `prueba-${(events += 1)}`;

function round(now: number, overrides: Partial<AdmissionRound> = {}): AdmissionRound {
  return {
    now,
    saleStartsAt: SALE,
    admissionsPerMinute: 60_000,
    maxBuyers: 100_000,
    admissionTtlMs: 300_000,
    graceMs: RETURN_GRACE_SECONDS * 1000,
    ...overrides,
  };
}

async function arrive(store: WaitingRoomStore, event: string, at: number, draw: number, account: string | null = null) {
  const ticket = newTicketId();
  const score = arrivalScore(at, SALE, draw);
  const [joined] = await store.join(event, [{ ticket, score, account }], at);
  if (!joined || 'refused' in joined) throw new Error('the arrival was refused');
  return { ticket: joined.ticket, score: joined.score };
}

describe.each(stores)('the $name store', ({ make }) => {
  it('gives an address its new places of the window and no more, in one batch or many, while an account keeps its place', async () => {
    const store = make();
    const event = nextEvent();
    const limit = { max: 3, windowMs: 60_000, liveMax: 100 };
    const from = (address: string, account: string | null = null) => ({
      ticket: newTicketId(),
      score: 0.5,
      account,
      address,
    });
    const first = await store.join(event, [from('10.0.0.1'), from('10.0.0.1', 'ana@example.com')], SALE, limit);
    expect(first.map((one) => 'refused' in one)).toEqual([false, false]);
    const second = await store.join(
      event,
      [from('10.0.0.1'), from('10.0.0.1'), from('10.0.0.2'), from('10.0.0.1', 'ana@example.com')],
      SALE + 1_000,
      limit,
    );
    // The third new place is the last; Ana's account keeps the place it holds (not a new one).
    expect(second.map((one) => ('refused' in one ? 'refused' : one.adopted ? 'adopted' : 'new'))).toEqual([
      'new',
      'refused',
      'new',
      'adopted',
    ]);
    const refused = second[1]!;
    if (!('refused' in refused)) throw new Error('not refused');
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await store.pulse(event, SALE + 1_000)).waiting).toBe(4);
  });

  it('bounds the live places of one address for the whole pre-queue, not per minute, and frees one when a place ends', async () => {
    const store = make();
    const event = nextEvent();
    // The finding: 120 new places a minute for 30 minutes gave one address 3,600 places.
    // (Redis expires the minute's count on its own clock, so the per-minute bound is set out of the way here.)
    const limit = { max: 100_000, windowMs: 60_000, liveMax: 300 };
    const from = (address: string) => ({ ticket: newTicketId(), score: 0.5, account: null, address });
    const held: Array<{ ticket: string; score: number }> = [];
    let lastRefusal: { refused: true; retryAfterMs: number } | null = null;
    for (let minute = 0; minute < 30; minute += 1) {
      const at = SALE - 30 * 60_000 + minute * 60_000;
      const answers = await store.join(
        event,
        Array.from({ length: 150 }, () => from('203.0.113.9')),
        at,
        limit,
      );
      for (const one of answers)
        if ('refused' in one) lastRefusal = one;
        else held.push(one);
    }
    expect(held.length).toBe(300);
    expect(lastRefusal?.retryAfterMs).toBe(60_000);
    // Another address behind the same carrier is not touched by it.
    const neighbour = await store.join(event, [from('203.0.113.10')], SALE - 1_000, limit);
    expect('refused' in neighbour[0]!).toBe(false);
    expect((await store.pulse(event, SALE - 1_000)).waiting).toBe(301);

    // Let two in (every waiting page open), end one pass: the address may take one new place again, and no more.
    for (const place of held)
      await store.place(event, place.ticket, { now: SALE + 59_000, score: place.score, account: null, started: false });
    const letIn = await store.admit(event, round(SALE + 60_000, { maxBuyers: 2 }));
    expect(letIn.admitted.length).toBeGreaterThan(0);
    const [first] = letIn.admitted;
    const again = SALE + 61_000;
    expect((await store.join(event, [from('203.0.113.9')], again, limit)).map((one) => 'refused' in one)).toEqual([
      true,
    ]);
    expect(await store.endPass(event, first!.ticket, 'used')).toBe(true);
    expect(
      (await store.join(event, [from('203.0.113.9'), from('203.0.113.9')], again, limit)).map(
        (one) => 'refused' in one,
      ),
    ).toEqual([false, true]);
  });

  it('takes the pre-queue in the order of its secret draws, then everybody after the opening in arrival order', async () => {
    const store = make();
    const event = nextEvent();
    // Arrivals at 09:40, 09:59:59 and in between: only their draws order them.
    const early = await arrive(store, event, SALE - 20 * 60_000, 0.8);
    const late = await arrive(store, event, SALE - 1_000, 0.1);
    const middle = await arrive(store, event, SALE - 5 * 60_000, 0.5);
    const after = [];
    for (let index = 0; index < 5; index += 1) after.push(await arrive(store, event, SALE + 100 * (index + 1), 0.99));
    // Arrived just now: not taken until every arrival before it was surely written.
    const recent = await arrive(store, event, SALE + 10_000 - ARRIVAL_SETTLE_MS + 10, 0);
    // The pre-queue's waiting pages were open (a place away longer than the grace period is dropped).
    for (const place of [early, late, middle])
      await store.place(event, place.ticket, { now: SALE, score: place.score, account: null, started: false });

    const admitted = (await store.admit(event, round(SALE + 10_000))).admitted.map((entry) => entry.ticket);
    expect(admitted).toEqual([late, middle, early, ...after].map((place) => place.ticket));
    expect(admitted).not.toContain(recent.ticket);
    expect((await store.admit(event, round(SALE + 11_000))).admitted.map((entry) => entry.ticket)).toEqual([
      recent.ticket,
    ]);
  });

  it('admits at the configured rate however many replicas run the rounds, and counts the rate it measured', async () => {
    const store = make();
    const event = nextEvent();
    await store.join(
      event,
      Array.from({ length: 200 }, (_, index) => ({ ticket: newTicketId(), score: index / 200, account: null })),
      SALE - 1,
    );
    let admitted = 0;
    // Two replicas a second, out of step, for 30 seconds: 120 a minute is 60.
    for (let ms = 0; ms <= 30_000; ms += 500) {
      const result = await store.admit(
        event,
        round(SALE + ms + (ms % 1000 === 0 ? 0 : 37), { admissionsPerMinute: 120 }),
      );
      admitted += result.admitted.length;
    }
    expect(admitted).toBeGreaterThanOrEqual(59);
    expect(admitted).toBeLessThanOrEqual(61);
    const pulse = await store.pulse(event, SALE + 30_500);
    expect(pulse.waiting).toBe(200 - admitted);
    expect(pulse.buying).toBe(admitted);
    expect(pulse.admittedPerMinute).toBeGreaterThan(110);
    expect(pulse.admittedPerMinute).toBeLessThan(130);
    const figures = await store.figures(event, SALE + 30_500);
    expect(figures.admitted).toBe(admitted);
    // The pre-queue waited from the opening: the first after ~0 s, the last after ~30 s.
    expect(figures.waitP50Ms).toBeGreaterThan(10_000);
    expect(figures.waitP95Ms).toBeGreaterThan(figures.waitP50Ms!);
  });

  it('never lets more people buy at once than allowed; a pass that ends frees a place', async () => {
    const store = make();
    const event = nextEvent();
    for (let index = 0; index < 6; index += 1) await arrive(store, event, SALE - 1, index / 10);
    const first = await store.admit(event, round(SALE + 5_000, { maxBuyers: 3 }));
    expect(first.admitted).toHaveLength(3);
    expect((await store.admit(event, round(SALE + 6_000, { maxBuyers: 3 }))).admitted).toHaveLength(0);
    expect(await store.endPass(event, first.admitted[0]!.ticket, 'used')).toBe(true);
    expect(await store.endPass(event, first.admitted[0]!.ticket, 'used')).toBe(false);
    expect((await store.admit(event, round(SALE + 7_000, { maxBuyers: 3 }))).admitted).toHaveLength(1);
    expect((await store.figures(event, SALE + 7_000)).passes.used).toBe(1);
  });

  it('ends a pass unused past its time, and a used one when its purchase window is over', async () => {
    const store = make();
    const event = nextEvent();
    await arrive(store, event, SALE - 1, 0.1);
    await arrive(store, event, SALE - 1, 0.2);
    const [used, unused] = (await store.admit(event, round(SALE + 1_000, { admissionTtlMs: 60_000 }))).admitted;
    const window = PURCHASE_WINDOW_SECONDS * 1000;
    const check = await store.checkPass(event, used!.ticket, {
      now: SALE + 2_000,
      account: 'ana@example.com',
      use: true,
      purchaseWindowMs: window,
    });
    expect(check).toEqual({ ok: true, deadline: SALE + 2_000 + window });
    const later = await store.admit(event, round(SALE + 62_000, { admissionTtlMs: 60_000 }));
    expect(later).toMatchObject({ expiredUnused: 1, expiredUsed: 0 });
    expect(
      await store.place(event, unused!.ticket, { now: SALE + 62_000, score: 0.2, account: null, started: true }),
    ).toEqual({ state: 'ended', reason: 'expired' });
    const end = await store.admit(event, round(SALE + 2_001 + window, { admissionTtlMs: 60_000 }));
    expect(end).toMatchObject({ expiredUnused: 0, expiredUsed: 1 });
    expect(
      await store.checkPass(event, used!.ticket, {
        now: SALE + 2_002 + window,
        account: 'ana@example.com',
        use: true,
        purchaseWindowMs: window,
      }),
    ).toEqual({ ok: false, reason: 'ended' });
  });

  it('drops a place whose holder was away longer than the grace period; one who came back keeps it', async () => {
    const store = make();
    const event = nextEvent();
    const away = await arrive(store, event, SALE - 60 * 60_000, 0.1);
    const back = await arrive(store, event, SALE - 60 * 60_000, 0.2);
    await store.place(event, back.ticket, { now: SALE - 60_000, score: back.score, account: null, started: false });
    const result = await store.admit(event, round(SALE + 1_000));
    expect(result.abandoned).toBe(1);
    expect(result.admitted.map((entry) => entry.ticket)).toEqual([back.ticket]);
    expect(
      await store.place(event, away.ticket, { now: SALE + 2_000, score: away.score, account: null, started: true }),
    ).toEqual({
      state: 'ended',
      reason: 'abandoned',
    });
  });

  it('keeps one place per account: a second browser gets it, another account cannot use it, and two places merge into the later', async () => {
    const store = make();
    const event = nextEvent();
    const first = await arrive(store, event, SALE + 1_000, 0.5, 'ana@example.com');
    const second = await arrive(store, event, SALE + 2_000, 0.5, 'ana@example.com');
    expect(second.ticket).toBe(first.ticket);
    expect(
      await store.place(event, first.ticket, {
        now: SALE + 3_000,
        score: first.score,
        account: 'luis@example.com',
        started: true,
      }),
    ).toEqual({
      state: 'foreign',
    });

    // Two places taken before logging in, then the same account reads both: the later stays.
    const earlier = await arrive(store, event, SALE + 4_000, 0.5);
    const later = await arrive(store, event, SALE + 5_000, 0.5);
    const account = 'eva@example.com';
    expect(
      await store.place(event, earlier.ticket, { now: SALE + 6_000, score: earlier.score, account, started: true }),
    ).toMatchObject({
      state: 'queued',
    });
    expect(
      await store.place(event, later.ticket, { now: SALE + 6_000, score: later.score, account, started: true }),
    ).toMatchObject({
      state: 'queued',
    });
    expect(
      await store.place(event, earlier.ticket, { now: SALE + 7_000, score: earlier.score, account, started: true }),
    ).toEqual({
      state: 'ended',
      reason: 'merged',
    });
    expect(await store.ticketOfAccount(event, account)).toBe(later.ticket);
  });

  it('binds a pass to the first account that uses it', async () => {
    const store = make();
    const event = nextEvent();
    const place = await arrive(store, event, SALE - 1, 0.3);
    await store.admit(event, round(SALE + 1_000));
    const use = { now: SALE + 2_000, use: false, purchaseWindowMs: 1_000 };
    expect((await store.checkPass(event, place.ticket, { ...use, account: null })).ok).toBe(true);
    expect((await store.checkPass(event, place.ticket, { ...use, account: 'ana@example.com' })).ok).toBe(true);
    expect(await store.checkPass(event, place.ticket, { ...use, account: 'luis@example.com' })).toEqual({
      ok: false,
      reason: 'taken',
    });
  });

  it('puts back a place it lost where its own score says, and tells the people ahead', async () => {
    const store = make();
    const event = nextEvent();
    await arrive(store, event, SALE + 1_000, 0.5);
    await arrive(store, event, SALE + 3_000, 0.5);
    const lost = { ticket: newTicketId(), score: arrivalScore(SALE + 2_000, SALE, 0.5) };
    expect(
      await store.place(event, lost.ticket, { now: SALE + 4_000, score: lost.score, account: null, started: true }),
    ).toEqual({
      state: 'queued',
      rank: 1,
      waiting: 3,
      aheadAtStart: 1,
    });
    // A place adopted without its score (-1) cannot be put back.
    expect(
      await store.place(event, newTicketId(), { now: SALE + 4_000, score: -1, account: null, started: true }),
    ).toEqual({
      state: 'ended',
      reason: 'unknown',
    });
  });
});

describe('the redis store across a Redis restart', () => {
  it('loses no place and admits nobody twice (append-only file)', async () => {
    const client = redisClient(server.url);
    clients.push(client);
    const store = createRedisWaitingRoomStore(client);
    const event = nextEvent();
    const places = [];
    for (let index = 0; index < 50; index += 1) places.push(await arrive(store, event, SALE + index * 10, 0.5));
    const before = await store.admit(event, round(SALE + 2_000, { admissionsPerMinute: 600 }));
    expect(before.admitted.length).toBeGreaterThan(0);
    await server.restart();
    await client.ping();
    expect(await store.pulse(event, SALE + 3_000)).toMatchObject({
      waiting: 50 - before.admitted.length,
      buying: before.admitted.length,
    });
    const after = await store.admit(event, round(SALE + 60_000, { admissionsPerMinute: 600 }));
    const all = [...before.admitted, ...after.admitted].map((entry) => entry.ticket);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(places.slice(0, all.length).map((place) => place.ticket));
  });
});
