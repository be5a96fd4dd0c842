import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../shared/views/booking.ts';
import type { WaitingRoomRefusal } from '../../shared/views/waiting-room.ts';
import { startStack, registerPerson, type Stack } from './harness.ts';
import { cardForm, freeSeats, pickShowtime, solveCaptcha } from './booking-helpers.ts';
import { CookieJar, eventBody, operatorClient, until } from './waiting-room-helpers.ts';

/**
 * The presale waiting room on one BFF (its memory store) against the sandbox: the purchase is
 * held for covered showtimes only, a person joins, waits, is admitted, buys, and the pass ends;
 * a copied cookie, a revoked pass and the captcha; sold out while waiting; the operators' API.
 */
let stack: Stack;
let ops: Awaited<ReturnType<typeof operatorClient>>;

beforeAll(async () => {
  stack = await startStack({ env: { RATE_LIMIT_FACTOR: '20' }, waitingRoom: { tickMs: 50 } });
  ops = await operatorClient(stack.app);
}, 60_000);

afterAll(async () => {
  await ops?.close();
  await stack?.close();
});

const admission = (jar: CookieJar, showtimeId: number) =>
  jar.send(stack.app, 'GET', `/bff/waiting-room/showtimes/${showtimeId}/admission`);

async function person(): Promise<CookieJar> {
  return new CookieJar((await registerPerson(stack.app)).cookie);
}

describe('waiting room', () => {
  it('asks nothing of a purchase no event covers', async () => {
    const showtime = await pickShowtime(stack);
    const jar = await person();
    expect((await admission(jar, showtime.id)).status).toBe(204);
    expect((await jar.send(stack.app, 'GET', `/bff/booking/${showtime.id}`)).status).toBe(200);
    expect((await jar.status(stack.app, showtime.id)).status).toBe('none');
    expect(jar.cookies.has('viziona_fila')).toBe(false);
  });

  it('holds a covered showtime: join, wait in the pre-queue, admitted at the opening, buy, and the pass ends', async () => {
    const showtime = await pickShowtime(stack, { format: '2D', zones: ['General'] });
    const other = await pickShowtime(stack);
    const created = await ops.send(
      'POST',
      '/waiting-room/events',
      eventBody('joven', { kind: 'showtimes', showtimeIds: [showtime.id] }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'joven', state: 'scheduled', phase: 'prequeue' });

    const jar = await person();
    // Another showtime is not held.
    expect((await admission(jar, other.id)).status).toBe(204);

    const refused = await admission(jar, showtime.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'WAITING_ROOM' } });
    expect(jar.cookies.has('viziona_fila')).toBe(true);

    const call = await jar.send(stack.app, 'GET', `/bff/booking/${showtime.id}`);
    expect(call.status).toBe(429);
    expect(call.headers['retry-after']).toMatch(/^\d+$/);
    const body = call.body as WaitingRoomRefusal;
    expect(body.error.code).toBe('WAITING_ROOM');
    expect(body.place).toMatchObject({ prequeue: true, position: null, waiting: 1 });
    const reserve = await jar.send(stack.app, 'POST', `/bff/booking/${showtime.id}/reserve`, {
      zone: 'General',
      seats: ['A-1'],
    });
    expect(reserve.status).toBe(429);

    const waiting = await jar.status(stack.app, showtime.id);
    expect(waiting).toMatchObject({ status: 'waiting', event: { id: 'joven' }, place: { prequeue: true } });
    expect(waiting.showtime.freeSeats).toBeGreaterThan(0);

    expect((await ops.send('POST', '/waiting-room/events/joven/open')).status).toBe(200);
    const admitted = await until(
      () => jar.status(stack.app, showtime.id),
      (status) => status.status === 'admitted',
    );
    expect(admitted.passUntil).toBeGreaterThan(Date.now());
    expect(jar.cookies.has('viziona_pase')).toBe(true);
    expect((await admission(jar, showtime.id)).status).toBe(204);

    const view = (await jar.send(stack.app, 'GET', `/bff/booking/${showtime.id}`)).body as BookingView;
    const seats = freeSeats(view, 'General')
      .slice(0, 2)
      .map((seat) => seat.id);
    const held = await jar.send(stack.app, 'POST', `/bff/booking/${showtime.id}/reserve`, { zone: 'General', seats });
    expect(held.status).toBe(200);
    const paid = await jar.send(stack.app, 'POST', '/bff/payments/card', {
      brandId: view.payBrands[0]!.id,
      products: [],
      showtimeId: showtime.id,
      seats,
      total: 2 * 14_000 + 2 * 2_000,
      card: cardForm(await solveCaptcha(stack.app)),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ accepted: true });
    // The pass ended with the sale: another purchase of this showtime waits again.
    expect(jar.cookies.has('viziona_pase')).toBe(false);
    const figures = await ops.send('GET', '/waiting-room/events/joven');
    expect(figures.body).toMatchObject({ figures: { admitted: 1, passes: { used: 1 }, buying: 0 } });
    expect((await jar.send(stack.app, 'GET', `/bff/booking/${showtime.id}`)).status).toBe(429);

    await ops.send('POST', '/waiting-room/events/joven/end');
  });
});
