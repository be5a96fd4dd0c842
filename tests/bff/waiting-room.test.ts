import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '#shared/views/booking.ts';
import type { WaitingRoomRefusal } from '#shared/views/waiting-room.ts';
import { startStack, registerPerson, type Stack } from './harness.ts';
import { cardForm, pickShowtime, seatsToHold, solveCaptcha } from './booking-helpers.ts';
import { CookieJar, eventBody, operatorClient, until } from './waiting-room-helpers.ts';

/**
 * The presale waiting room on one BFF (its memory store) against the sandbox: the purchase is
 * held for covered showtimes only, a person joins, waits, is admitted, buys, and the pass ends;
 * a copied cookie, a revoked pass and the captcha; sold out while waiting; letting everybody
 * through; the operators' API.
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

const bookingView = (jar: CookieJar, showtimeId: number) => jar.send(stack.app, 'GET', `/bff/booking/${showtimeId}`);

async function person(): Promise<{ jar: CookieJar; email: string }> {
  const registered = await registerPerson(stack.app);
  return { jar: new CookieJar(registered.cookie), email: registered.email };
}

async function openEvent(id: string, showtimeId: number, options: Parameters<typeof eventBody>[2] = {}) {
  const created = await ops.send(
    'POST',
    '/waiting-room/events',
    eventBody(id, { kind: 'showtimes', showtimeIds: [showtimeId] }, { saleInMs: -1_000, ...options }),
  );
  expect(created.status).toBe(201);
}

describe('waiting room', () => {
  it('asks nothing of a purchase no event covers', async () => {
    const showtime = await pickShowtime(stack);
    const { jar } = await person();
    expect((await admission(jar, showtime.id)).status).toBe(204);
    const free = await bookingView(jar, showtime.id);
    expect(free.status).toBe(200);
    expect((free.body as BookingView).turnUntil).toBeNull();
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

    const { jar } = await person();
    // Another showtime is not held.
    expect((await admission(jar, other.id)).status).toBe(204);

    const refused = await admission(jar, showtime.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'WAITING_ROOM' } });
    expect(jar.cookies.has('viziona_fila')).toBe(true);

    const call = await bookingView(jar, showtime.id);
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

    const view = (await bookingView(jar, showtime.id)).body as BookingView;
    // The purchase page says until when the turn lasts unused (the event's 300 s).
    expect(view.turnUntil).toBeGreaterThan(Date.now());
    expect(view.turnUntil).toBeLessThanOrEqual(Date.now() + 300_000);
    const seats = seatsToHold(view, 'General', 2);
    const held = await jar.send(stack.app, 'POST', `/bff/booking/${showtime.id}/reserve`, { zone: 'General', seats });
    expect(held.status).toBe(200);
    // Seats held: the hold's time governs now.
    expect(((await bookingView(jar, showtime.id)).body as BookingView).turnUntil).toBeNull();
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
    expect((await bookingView(jar, showtime.id)).status).toBe(429);
    await ops.send('POST', '/waiting-room/events/joven/end');
  });

  it('lets one person through with one pass: a copied cookie in another account is refused, an operator revokes it', async () => {
    const showtime = await pickShowtime(stack);
    await openEvent('copia', showtime.id);
    const owner = await person();
    await admission(owner.jar, showtime.id);
    await until(
      () => owner.jar.status(stack.app, showtime.id),
      (status) => status.status === 'admitted',
    );
    expect((await bookingView(owner.jar, showtime.id)).status).toBe(200);

    // Another account, in another browser, with the owner's waiting-room cookies.
    const intruder = await person();
    const copy = intruder.jar.copy({
      viziona_fila: owner.jar.cookies.get('viziona_fila')!,
      viziona_pase: owner.jar.cookies.get('viziona_pase')!,
    });
    const refused = await bookingView(copy, showtime.id);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: { code: 'WAITING_ROOM', message: 'Este turno pertenece a otra cuenta. Haz tu propia fila para comprar.' },
    });
    // Where the intruder stands: without a place of their own; the admission check queues them.
    expect((await copy.status(stack.app, showtime.id)).status).toBe('not-joined');
    expect((await admission(copy, showtime.id)).status).toBe(403);
    expect(copy.cookies.get('viziona_fila')).not.toBe(owner.jar.cookies.get('viziona_fila'));

    const unnamed = await ops.send('POST', '/waiting-room/events/copia/passes/revoke', {});
    expect(unnamed.status).toBe(422);
    const revoked = await ops.send('POST', '/waiting-room/events/copia/passes/revoke', { email: owner.email });
    expect(revoked).toMatchObject({ status: 200, body: { revoked: true } });
    expect((await bookingView(owner.jar, showtime.id)).status).toBe(429);
    const figures = await ops.send('GET', '/waiting-room/events/copia');
    expect(figures.body).toMatchObject({ figures: { passes: { revoked: 1 } } });
    await ops.send('POST', '/waiting-room/events/copia/end');
  });

  it('keeps one place per browser and per account', async () => {
    const showtime = await pickShowtime(stack);
    await ops.send(
      'POST',
      '/waiting-room/events',
      eventBody('una', { kind: 'showtimes', showtimeIds: [showtime.id] }, { saleInMs: 60 * 60_000 }),
    );
    const { jar, email } = await person();
    await admission(jar, showtime.id);
    const ticket = jar.cookies.get('viziona_fila');
    await admission(jar, showtime.id);
    expect(jar.cookies.get('viziona_fila')).toBe(ticket);
    // The same account in a second browser is given the same place.
    const phone = new CookieJar(jar.cookies.get('viziona_session'));
    await admission(phone, showtime.id);
    const place = await stack.app.waitingRoom.service.store.ticketOfAccount('una', email);
    expect((await phone.status(stack.app, showtime.id)).place?.waiting).toBe(1);
    expect(place).not.toBeNull();
    await ops.send('POST', '/waiting-room/events/una/end');
  });

  it('asks for the proof of work to join when the operator wants it', async () => {
    const showtime = await pickShowtime(stack);
    await openEvent('robot', showtime.id, { captcha: true });
    const { jar } = await person();
    const refused = await admission(jar, showtime.id);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'WAITING_ROOM' }, place: null } });
    expect(jar.cookies.has('viziona_fila')).toBe(false);
    expect(await jar.status(stack.app, showtime.id)).toMatchObject({ status: 'not-joined', captchaRequired: true });
    const without = await jar.send(stack.app, 'POST', `/bff/waiting-room/showtimes/${showtime.id}/join`, {});
    expect(without).toMatchObject({ status: 422, body: { error: { code: 'CAPTCHA_REQUIRED' } } });
    const joined = await jar.send(stack.app, 'POST', `/bff/waiting-room/showtimes/${showtime.id}/join`, {
      captcha: await solveCaptcha(stack.app),
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ status: 'waiting' });
    expect(jar.cookies.has('viziona_fila')).toBe(true);
    await ops.send('POST', '/waiting-room/events/robot/end');
  });

  it('tells everybody waiting for a showtime that it sold out, with the next showtimes of the movie', async () => {
    const showtime = await pickShowtime(stack);
    await openEvent('agotada', showtime.id, { saleInMs: 60 * 60_000 });
    const { jar } = await person();
    await admission(jar, showtime.id);
    expect((await jar.status(stack.app, showtime.id)).showtime.soldOut).toBe(false);
    await fetch(`${stack.sandboxUrl}/sandbox/showtimes/${showtime.id}/sell-out`, { method: 'POST' });
    const soldOut = await until(
      () => jar.status(stack.app, showtime.id),
      (status) => status.showtime.soldOut,
    );
    expect(soldOut.showtime.freeSeats).toBe(0);
    expect(soldOut.status).toBe('waiting');
    expect(soldOut.nextShowtimes.length).toBeGreaterThan(0);
    for (const next of soldOut.nextShowtimes) {
      expect(next.id).not.toBe(showtime.id);
      expect(next.movieSlug).toBe(showtime.movie.slug);
      expect(next.freeSeats).toBeGreaterThan(0);
    }
    await ops.send('POST', '/waiting-room/events/agotada/end');
  });

  it('lets everybody through when the operator says so, and forgets the event when it ends', async () => {
    const showtime = await pickShowtime(stack);
    await openEvent('libre', showtime.id, { saleInMs: 60 * 60_000 });
    const { jar } = await person();
    expect((await bookingView(jar, showtime.id)).status).toBe(429);
    expect((await ops.send('POST', '/waiting-room/events/libre/free')).body).toMatchObject({ state: 'free' });
    expect((await bookingView(jar, showtime.id)).status).toBe(200);
    expect((await jar.status(stack.app, showtime.id)).status).toBe('free');
    expect((await ops.send('POST', '/waiting-room/events/libre/pause')).status).toBe(409);
    await ops.send('POST', '/waiting-room/events/libre/end');
    expect((await jar.status(stack.app, showtime.id)).status).toBe('none');
    expect((await ops.send('POST', '/waiting-room/events/libre/open')).status).toBe(409);
  });

  it('covers every showtime of a movie when the event names the movie', async () => {
    const showtime = await pickShowtime(stack);
    await ops.send(
      'POST',
      '/waiting-room/events',
      eventBody('pelicula', { kind: 'movies', movieSlugs: [showtime.movie.slug] }, { saleInMs: -1_000 }),
    );
    const { jar } = await person();
    expect((await admission(jar, showtime.id)).status).toBe(403);
    await ops.send('POST', '/waiting-room/events/pelicula/end');
  });

  it('validates what operators send, and is not reachable on the public port', async () => {
    const invalid = await ops.send('POST', '/waiting-room/events', {
      ...eventBody('Mal Id', { kind: 'all' }),
      saleStartsAt: 'mañana',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys((invalid.body.error as { fields: object }).fields)).toEqual(
      expect.arrayContaining(['id', 'saleStartsAt']),
    );
    const backwards = await ops.send('POST', '/waiting-room/events', {
      ...eventBody('al-reves', { kind: 'all' }),
      preQueueStartsAt: '2030-01-02T10:00:00-05:00',
      saleStartsAt: '2030-01-01T10:00:00-05:00',
    });
    expect(backwards.status).toBe(422);
    expect((await ops.send('GET', '/waiting-room/events/no-existe')).status).toBe(404);
    const publicPort = await stack.app.inject({ method: 'GET', url: '/bff/ops/waiting-room/events' });
    expect(publicPort.statusCode).toBe(404);
    const listed = await ops.send('GET', '/waiting-room/events');
    expect(listed.status).toBe(200);
  });

  it('counts on the operations port what it did', async () => {
    const text = await (await fetch(`${ops.origin}/metrics`)).text();
    expect(text).toMatch(/viziona_bff_waiting_room_admitted_total\{event="joven"\} 1/);
    expect(text).toMatch(/viziona_bff_waiting_room_passes_total\{event="joven",outcome="used"\} 1/);
    expect(text).toMatch(/viziona_bff_waiting_room_passes_total\{event="copia",outcome="revoked"\} 1/);
    expect(text).toMatch(/viziona_bff_waiting_room_wait_seconds_count\{event="joven"\} 1/);
    expect(text).toMatch(/viziona_bff_waiting_room_refusals_total\{reason="no_pass"\} \d+/);
    expect(text).toMatch(/viziona_bff_waiting_room_refusals_total\{reason="taken"\} 1/);
  });
});
