import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '#shared/cinema-api/bills.ts';
import type { BookingView, PaymentResultView, SeatCell } from '#shared/views/booking.ts';
import { LONELY_SEAT_MESSAGE } from '#shared/booking/lonely-seats.ts';
import type { BffApp } from '#bff/app.ts';
import { call, registerPerson, startReplicas, tokenInCookie, type Answer, type Replicas } from './harness.ts';
import {
  bigRoomShowtime,
  cardForm,
  CLUB,
  freeSeats,
  login,
  pickShowtimes,
  sandboxGet,
  seatsToHold,
  solveCaptcha,
  seatsOf,
  wholeFreeRun,
} from './booking-helpers.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { SANDBOX_HEADERS } from '../sandbox-headers.ts';

/**
 * Two BFF replicas sharing a real Redis (Debian's redis-server) in front of one sandbox, as a
 * load balancer spreads one person's requests: the hold, the payment lock and outcome and the
 * reservation lock must hold across them.
 */
let redis: RedisServer;
let replicas: Replicas;
let showtimes: Array<{ id: number }>;

beforeAll(async () => {
  redis = await startRedisServer();
  // Fifty requests of one person at once: the payment rate limit (10 per 10 minutes) is
  // raised here, as the end-to-end tests do, so the lock and the stored outcome answer them.
  replicas = await startReplicas({ replicas: 2, env: { REDIS_URL: redis.url, RATE_LIMIT_FACTOR: '5' } });
  showtimes = await pickShowtimes(replicas, 3, { format: '2D', zones: ['General', 'Preferencial'] });
}, 60_000);

afterAll(async () => {
  await replicas?.close();
  await redis?.stop();
});

/** Request `index` goes to replica `index % 2`, as a round-robin balancer sends it. */
const replica = (index: number): BffApp => replicas.apps[index % replicas.apps.length]!;

async function send(
  index: number,
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<Answer> {
  return call(replica(index), method, url, { cookie, ...(body === undefined ? {} : { body }) });
}

async function viewOf(cookie: string, showtimeId: number, index = 0): Promise<BookingView> {
  const answer = await send(index, cookie, 'GET', `/bff/booking/${showtimeId}`);
  if (answer.status !== 200) throw new Error(`booking view answered ${answer.status}: ${answer.text}`);
  return answer.body as BookingView;
}

async function billsOf(cookie: string): Promise<Bill[]> {
  const token = tokenInCookie(replica(0), cookie);
  const response = await fetch(`${replicas.sandboxUrl}/api/v1/profile/purchases`, {
    headers: { ...SANDBOX_HEADERS, authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: Bill[] }).data;
}

/** Seats of a showtime not free for anybody (held or sold), from the cinema API's own status. */
async function takenSeats(showtimeId: number): Promise<number> {
  const status = await sandboxGet<{ data: Array<{ DescripcionSilla: Array<{ EstadoSilla: string }> }> }>(
    replicas,
    `room/${showtimeId}/status`,
  );
  return status.data.flatMap((row) => row.DescripcionSilla).filter((seat) => seat.EstadoSilla !== 'S').length;
}

describe('two replicas sharing Redis', () => {
  it('sees the hold made through one replica from the other, and keeps the cookie small', async () => {
    const long = 'Ñandú Ángel Ópalo '.repeat(7).slice(0, 120);
    const person = await registerPerson(replica(0), { name: long, lastname: long });
    const showtimeId = showtimes[0]!.id;
    const seats = seatsToHold(await viewOf(person.cookie, showtimeId), 'General', 10);
    const reserved = await send(0, person.cookie, 'POST', `/bff/booking/${showtimeId}/reserve`, {
      zone: 'General',
      seats,
    });
    expect(reserved.status).toBe(200);
    const cookie = reserved.cookie ?? person.cookie;
    // The longest names and the most seats: the cookie stays far below the 4 KB browsers keep.
    expect(Buffer.byteLength(`viziona_session=${cookie}`)).toBeLessThan(2_048);
    expect((await viewOf(cookie, showtimeId, 1)).hold?.seats).toEqual(seats);
    expect((await send(1, cookie, 'POST', '/bff/booking/cancel', { showtimeId })).body).toEqual({ released: true });
    expect((await viewOf(cookie, showtimeId, 0)).hold).toBeNull();
  });

  it("keeps each person's held seats and prices theirs on both replicas, whichever built its view of the room first", async () => {
    const showtimeId = await bigRoomShowtime(replicas, 1040);
    const ana = await registerPerson(replica(0));
    const beto = await registerPerson(replica(1));
    const club = await login(replica(0), CLUB.email, CLUB.password);
    // Each replica makes what the room shares from the member's view, before anybody holds a seat.
    for (const index of [0, 1]) expect(seatsOf(await viewOf(club, showtimeId, index))).toHaveLength(1040);

    const anaSeats = seatsToHold(await viewOf(ana.cookie, showtimeId, 1), 'Preferencial', 4);
    const anaHold = await send(0, ana.cookie, 'POST', `/bff/booking/${showtimeId}/reserve`, {
      zone: 'Preferencial',
      seats: anaSeats,
    });
    expect(anaHold.status).toBe(200);
    const betoSeats = seatsToHold(await viewOf(beto.cookie, showtimeId, 0), 'General', 2);
    const betoHold = await send(1, beto.cookie, 'POST', `/bff/booking/${showtimeId}/reserve`, {
      zone: 'General',
      seats: betoSeats,
    });
    expect(betoHold.status).toBe(200);

    const people = [
      { cookie: anaHold.cookie ?? ana.cookie, seats: anaSeats, member: false },
      { cookie: betoHold.cookie ?? beto.cookie, seats: betoSeats, member: false },
      { cookie: club, seats: [] as string[], member: true },
    ];
    const held = [...anaSeats, ...betoSeats];
    for (const index of [0, 1, 1, 0]) {
      for (const person of people) {
        const view = await viewOf(person.cookie, showtimeId, index);
        const mine = seatsOf(view)
          .filter((seat) => seat.state === 'mine')
          .map((seat) => seat.id);
        expect(mine.sort(), `replica ${index}`).toEqual([...person.seats].sort());
        expect(view.hold?.seats ?? []).toEqual(person.seats);
        expect(view.zones.find((zone) => zone.zone === 'General')).toMatchObject(
          person.member ? { price: 11_200, isMemberPrice: true } : { price: 14_000, isMemberPrice: false },
        );
      }
    }
    // A replica's status is at most 2 s old: each soon shows everybody else the held seats taken.
    for (const index of [0, 1]) {
      await expect
        .poll(
          async () =>
            seatsOf(await viewOf(club, showtimeId, index))
              .filter((seat) => held.includes(seat.id))
              .map((seat) => seat.state),
          { timeout: 6_000, interval: 250 },
        )
        .toEqual(held.map(() => 'occupied'));
    }
  });

  it('charges one hold once when 50 pay requests are split over both replicas, and every answer is the same bill', async () => {
    const person = await registerPerson(replica(1));
    const showtimeId = showtimes[1]!.id;
    const view = await viewOf(person.cookie, showtimeId);
    const seats = seatsToHold(view, 'Preferencial', 2);
    expect(
      (await send(1, person.cookie, 'POST', `/bff/booking/${showtimeId}/reserve`, { zone: 'Preferencial', seats }))
        .status,
    ).toBe(200);
    const seen = { showtimeId, seats, total: 2 * (17_000 + 2_000), brandId: view.payBrands[0]!.id, products: [] };
    // Half of them one double-clicked form (one captcha), half forms of their own.
    const shared = await solveCaptcha(replica(0));
    const captchas = await Promise.all(
      Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? shared : solveCaptcha(replica(index)))),
    );
    const answers = await Promise.all(
      captchas.map((captcha, index) =>
        send(index, person.cookie, 'POST', '/bff/payments/card', { ...seen, card: cardForm(captcha) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const bills = new Set(answers.map((answer) => (answer.body as PaymentResultView).bill));
    expect(bills.size).toBe(1);
    expect((answers[0]!.body as PaymentResultView).accepted).toBe(true);
    const charged = (await billsOf(person.cookie)).filter((bill) => bill.showtime?.id === showtimeId);
    expect(charged).toHaveLength(1);
    expect(charged[0]!.bill).toBe([...bills][0]);
  });

  it('sells one membership when 50 purchases are split over both replicas', async () => {
    const person = await registerPerson(replica(0));
    const offer = (await send(0, person.cookie, 'GET', '/bff/membership/offer')).body as {
      payBrands: Array<{ id: number }>;
    };
    const shared = await solveCaptcha(replica(1));
    const captchas = await Promise.all(
      Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? shared : solveCaptcha(replica(index)))),
    );
    const answers = await Promise.all(
      captchas.map((captcha, index) =>
        send(index, person.cookie, 'POST', '/bff/membership/purchase', {
          brandId: offer.payBrands[0]!.id,
          card: cardForm(captcha),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const bills = new Set(answers.map((answer) => (answer.body as { result: PaymentResultView }).result.bill));
    expect(bills.size).toBe(1);
    const memberships = (await billsOf(person.cookie)).filter((bill) => bill.pay_type.id === 3);
    expect(memberships).toHaveLength(1);
    // Member prices on the other replica at once.
    const view = (await send(1, person.cookie, 'GET', `/bff/booking/${showtimes[0]!.id}`)).body as BookingView;
    expect(view.zones.find((zone) => zone.zone === 'General')).toMatchObject({ price: 11_200, isMemberPrice: true });
  });

  it('leaves one account that ignores Set-Cookie and reserves 18 times with at most one live hold', async () => {
    const person = await registerPerson(replica(1));
    const showtimeId = showtimes[2]!.id;
    const before = await takenSeats(showtimeId);
    const free = freeSeats(await viewOf(person.cookie, showtimeId), 'General').map((seat) => seat.id);
    expect(free.length).toBeGreaterThanOrEqual(18 * 2);
    // Always the very first cookie, 18 reservations at once of 2 seats each, over both replicas.
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, index) =>
        send(index, person.cookie, 'POST', `/bff/booking/${showtimeId}/reserve`, {
          zone: 'General',
          seats: free.slice(index * 2, index * 2 + 2),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect((await takenSeats(showtimeId)) - before).toBeLessThanOrEqual(2);
    expect((await viewOf(person.cookie, showtimeId)).hold?.seats).toHaveLength(2);
    // And the same, one after the other.
    for (let index = 0; index < 3; index += 1) {
      await send(index, person.cookie, 'POST', `/bff/booking/${showtimeId}/reserve`, {
        zone: 'General',
        seats: free.slice(40 + index * 2, 42 + index * 2),
      });
    }
    expect((await takenSeats(showtimeId)) - before).toBeLessThanOrEqual(2);
    await send(1, person.cookie, 'POST', '/bff/booking/cancel', { showtimeId });
  });

  it('lets exactly one of two accounts reserving seats 1 and 3 of a free run at the same instant through two replicas take them; the other hears LONELY_SEAT and sees the seat taken', async () => {
    const showtimeId = showtimes[2]!.id;
    const ana = await registerPerson(replica(0));
    const beto = await registerPerson(replica(1));
    for (let round = 0; round < 3; round += 1) {
      const run = wholeFreeRun(await viewOf(ana.cookie, showtimeId));
      // Each alone leaves two or more free beside it; both together leave the second seat alone.
      const first = [run[0]!.id];
      const rest = run.slice(2).map((seat) => seat.id);
      const [a, b] = await Promise.all([
        send(0, ana.cookie, 'POST', `/bff/booking/${showtimeId}/reserve`, { zone: 'General', seats: first }),
        send(1, beto.cookie, 'POST', `/bff/booking/${showtimeId}/reserve`, { zone: 'General', seats: rest }),
      ]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 422]);
      const [winner, loser] = a.status === 200 ? [ana, beto] : [beto, ana];
      const [taken, refused] = a.status === 200 ? [a, b] : [b, a];
      expect(refused.body).toEqual({
        error: { code: 'LONELY_SEAT', message: LONELY_SEAT_MESSAGE, fields: { seats: LONELY_SEAT_MESSAGE } },
      });
      // What the one refused meets next: no hold, the other's seats taken, seat 2 still free.
      const seen = await viewOf(loser.cookie, showtimeId, 1);
      expect(seen.hold).toBeNull();
      const stateOf = (id: string) =>
        seen.seatMap.rows
          .flatMap((row) => row.cells)
          .find((cell): cell is SeatCell => cell.kind === 'seat' && cell.id === id)?.state;
      for (const id of winner === ana ? first : rest) expect(stateOf(id), id).not.toBe('available');
      expect(stateOf(run[1]!.id)).toBe('available');
      const cancel = await send(0, taken.cookie ?? winner.cookie, 'POST', '/bff/booking/cancel', { showtimeId });
      expect(cancel.status).toBe(200);
    }
  });
});
