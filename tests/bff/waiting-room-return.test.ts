import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_GRACE_SECONDS } from '#shared/waiting-room/passes.ts';
import { startStack, type Stack } from './harness.ts';
import { pickShowtime } from './booking-helpers.ts';
import { CookieJar, eventBody, operatorClient, until } from './waiting-room-helpers.ts';

/**
 * A person who leaves the waiting page keeps the place for the grace period; away longer when
 * the place reaches the head, it goes to the next person, and on return they are told and join
 * again at the end. The waiting room's clock is moved forward (the rest of the BFF keeps the
 * real one), so the test waits no quarter of an hour.
 */
let stack: Stack;
let ops: Awaited<ReturnType<typeof operatorClient>>;
let ahead = 0;

beforeAll(async () => {
  stack = await startStack({
    env: { RATE_LIMIT_FACTOR: '20' },
    waitingRoom: { tickMs: 50, now: () => Date.now() + ahead },
  });
  ops = await operatorClient(stack.app);
}, 60_000);

afterAll(async () => {
  await ops?.close();
  await stack?.close();
});

const arrive = async (jar: CookieJar, showtimeId: number) => {
  const answer = await jar.send(stack.app, 'GET', `/bff/waiting-room/showtimes/${showtimeId}/admission`);
  expect(answer.status).toBe(403);
  expect(jar.cookies.has('viziona_fila')).toBe(true);
};

/** An event holding one showtime whose sale started a second ago. */
async function sellingEvent(id: string, showtimeId: number, options: Parameters<typeof eventBody>[2]): Promise<void> {
  const body = eventBody(id, { kind: 'showtimes', showtimeIds: [showtimeId] }, { saleInMs: -1_000, ...options });
  expect((await ops.send('POST', '/waiting-room/events', body)).status).toBe(201);
}

describe('waiting room: coming back', () => {
  it('gives the place of someone away past the grace period to the next person, and puts them at the end when they return', async () => {
    const showtime = await pickShowtime(stack);
    await sellingEvent('regreso', showtime.id, { perMinute: 30 });
    // Held still while three people take their places in order.
    expect((await ops.send('POST', '/waiting-room/events/regreso/pause')).status).toBe(200);
    const [away, next, last] = [new CookieJar(), new CookieJar(), new CookieJar()];
    for (const jar of [away, next, last]) await arrive(jar, showtime.id);

    // The first leaves the page; the others keep it open past the grace period.
    ahead += (RETURN_GRACE_SECONDS + 60) * 1000;
    expect((await next.status(stack.app, showtime.id)).place).toMatchObject({ position: 2, ahead: 1, paused: true });
    expect((await last.status(stack.app, showtime.id)).place).toMatchObject({ position: 3 });

    expect((await ops.send('POST', '/waiting-room/events/regreso/resume')).status).toBe(200);
    const admitted = await until(
      () => next.status(stack.app, showtime.id),
      (status) => status.status === 'admitted',
    );
    expect(admitted.passUntil).toBeGreaterThan(Date.now() + ahead);
    expect((await last.status(stack.app, showtime.id)).place).toMatchObject({ position: 1, ahead: 0 });

    // Back: the place is gone, and they are told so, before and after joining again.
    const back = await away.status(stack.app, showtime.id);
    expect(back).toMatchObject({ status: 'not-joined', placeLost: true, place: null });
    const rejoined = await away.send(stack.app, 'POST', `/bff/waiting-room/showtimes/${showtime.id}/join`, {});
    expect(rejoined.status).toBe(200);
    expect(rejoined.body).toMatchObject({ status: 'waiting', placeLost: true });
    const behind = await away.status(stack.app, showtime.id);
    // Said while this place lasts, not only on the read that found the old one gone.
    expect(behind).toMatchObject({ status: 'waiting', placeLost: true, place: { position: 2, ahead: 1 } });
    // Behind the one who stayed: the purchase still waits for them.
    const admission = await away.send(stack.app, 'GET', `/bff/waiting-room/showtimes/${showtime.id}/admission`);
    expect(admission).toMatchObject({ status: 403, body: { error: { code: 'WAITING_ROOM' } } });

    const figures = await ops.send('GET', '/waiting-room/events/regreso');
    expect(figures.body).toMatchObject({ figures: { admitted: 1, passes: { abandoned: 1 } } });
    await ops.send('POST', '/waiting-room/events/regreso/end');
  });

  it('tells a person whose turn ended unused that they are back in line, at the end', async () => {
    const showtime = await pickShowtime(stack);
    await sellingEvent('vencido', showtime.id, { ttlSeconds: 60 });
    const [late, other] = [new CookieJar(), new CookieJar()];
    await arrive(late, showtime.id);
    const admitted = await until(
      () => late.status(stack.app, showtime.id),
      (status) => status.status === 'admitted',
    );
    expect(admitted).toMatchObject({ turnEnded: false, placeLost: false });
    expect(late.cookies.has('viziona_pase')).toBe(true);

    // Nothing held within the turn's minute: the next round ends it.
    ahead += 90_000;
    await until(
      () => ops.send('GET', '/waiting-room/events/vencido'),
      (answer) => (answer.body as { figures: { passes: { expired: number } } }).figures.passes.expired === 1,
    );
    // Held still: someone else comes meanwhile, and the one whose turn ended comes back after.
    expect((await ops.send('POST', '/waiting-room/events/vencido/pause')).status).toBe(200);
    await arrive(other, showtime.id);
    const back = await late.status(stack.app, showtime.id);
    expect(back).toMatchObject({ status: 'not-joined', turnEnded: true, placeLost: false, passUntil: null });
    const rejoined = await late.send(stack.app, 'POST', `/bff/waiting-room/showtimes/${showtime.id}/join`, {});
    expect(rejoined.body).toMatchObject({ status: 'waiting', turnEnded: true });
    expect(await late.status(stack.app, showtime.id)).toMatchObject({
      turnEnded: true,
      place: { position: 2, ahead: 1 },
    });
    await ops.send('POST', '/waiting-room/events/vencido/end');
  });
});
