import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldEvent } from '#shared/views/booking.ts';
import { HOLD_POLL_MS, LEAVE_GRACE_MS } from '#bff/purchase/booking/hold-presence.ts';
import { registerPerson, startStack, type Stack } from './harness.ts';
import { Browser, eventStream, seatsOf, seatsToHold, pickShowtimes } from './booking-helpers.ts';

/**
 * Pages of a hold: one that leaves marks it and it is released after a grace unless a page
 * showing it claims it; a page names its showtime, so it never releases a hold made elsewhere;
 * open pages hear the person's hold change on their live stream.
 */
let stack: Stack;
let showtimes: Array<{ id: number }>;

beforeAll(async () => {
  stack = await startStack();
  showtimes = await pickShowtimes(stack, 2, { format: '2D', zones: ['General'] });
});
afterAll(async () => {
  await stack?.close();
});

const person = async () => new Browser(stack.app, (await registerPerson(stack.app)).cookie);

async function holdOne(browser: Browser, showtimeId: number): Promise<string> {
  const seat = { id: seatsToHold(await browser.view(showtimeId), 'General', 1)[0]! };
  expect((await browser.reserve(showtimeId, 'General', [seat.id])).status).toBe(200);
  return seat.id;
}

const stateOf = async (browser: Browser, showtimeId: number, seat: string) =>
  seatsOf(await browser.view(showtimeId)).find((cell) => cell.id === seat)?.state;

describe('a page that leaves', () => {
  it('releases the hold after the grace, unless a page of it claims it (a reload, a duplicate tab)', async () => {
    const [left, claimed] = [await person(), await person()];
    const showtimeId = showtimes[0]!.id;
    const [leftSeat, claimedSeat] = [await holdOne(left, showtimeId), await holdOne(claimed, showtimeId)];
    for (const browser of [left, claimed]) {
      expect((await browser.send('POST', '/bff/booking/cancel', { showtimeId, leaving: true })).body).toEqual({
        released: false,
      });
      expect(await browser.hold(showtimeId)).not.toBeNull();
    }
    expect((await claimed.send('POST', '/bff/booking/hold/keep', { showtimeId })).body).toEqual({ kept: true });
    await new Promise((resolve) => setTimeout(resolve, LEAVE_GRACE_MS + 1_500));
    expect(await left.hold(showtimeId)).toBeNull();
    expect(await stateOf(left, showtimeId, leftSeat)).toBe('available');
    expect((await claimed.hold(showtimeId))?.seats).toEqual([claimedSeat]);
    expect(await stateOf(claimed, showtimeId, claimedSeat)).toBe('mine');
    await claimed.send('POST', '/bff/booking/cancel', { showtimeId });
  }, 30_000);

  it('never releases a hold on another showtime than its own', async () => {
    const browser = await person();
    const [here, there] = [showtimes[0]!.id, showtimes[1]!.id];
    await holdOne(browser, there);
    expect((await browser.send('POST', '/bff/booking/cancel', { showtimeId: here })).body).toEqual({ released: false });
    expect(await browser.hold(here)).toBeNull();
    expect((await browser.hold(there))?.showtimeId).toBe(there);
    expect((await browser.send('POST', '/bff/booking/cancel', { showtimeId: there })).body).toEqual({ released: true });
  });
});

describe('the live stream', () => {
  let origin: string | undefined;
  const listening = async (): Promise<string> => (origin ??= await stack.app.listen({ port: 0, host: '127.0.0.1' }));

  it("tells an open page its person's hold: made here, then moved to another showtime", async () => {
    const address = await listening();
    const browser = await person();
    const [here, there] = [showtimes[0]!.id, showtimes[1]!.id];
    const seat = await holdOne(browser, here);
    const controller = new AbortController();
    const response = await fetch(`${address}/bff/booking/${here}/events`, {
      headers: { cookie: `viziona_session=${browser.cookie}` },
      signal: controller.signal,
    });
    const stream = eventStream(response);
    const nextHoldEvent = async (): Promise<HoldEvent> => JSON.parse(await stream.next('hold')) as HoldEvent;
    try {
      const first = await nextHoldEvent();
      expect(first.hold?.seats).toEqual([seat]);
      expect(first.leaving).toBe(false);
      // Another tab reserves on another showtime: this page hears where the hold went.
      await holdOne(browser, there);
      const moved = await nextHoldEvent();
      expect(moved.hold).toBeNull();
      expect(moved.elsewhere).toMatch(/, Sala /);
    } finally {
      controller.abort();
      await browser.send('POST', '/bff/booking/cancel', { showtimeId: there });
    }
  });

  it('tells an open page of a new leave right after a claim (a duplicate tab closed just after a reload), so it claims again', async () => {
    const address = await listening();
    const browser = await person();
    const showtimeId = showtimes[0]!.id;
    const seat = await holdOne(browser, showtimeId);
    const controller = new AbortController();
    const response = await fetch(`${address}/bff/booking/${showtimeId}/events`, {
      headers: { cookie: `viziona_session=${browser.cookie}` },
      signal: controller.signal,
    });
    const stream = eventStream(response);
    const nextHoldEvent = async (): Promise<HoldEvent> => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no hold event within two polls')), 2 * HOLD_POLL_MS + 500);
      });
      try {
        return JSON.parse(await Promise.race([stream.next('hold'), timeout])) as HoldEvent;
      } finally {
        clearTimeout(timer);
      }
    };
    try {
      expect((await nextHoldEvent()).leaving).toBe(false);
      // The reloaded page's old self leaves: this page hears the mark.
      await browser.send('POST', '/bff/booking/cancel', { showtimeId, leaving: true });
      expect((await nextHoldEvent()).leaving).toBe(true);
      // Within one poll: this page's claim, then a duplicate tab leaves (a new mark).
      expect((await browser.send('POST', '/bff/booking/hold/keep', { showtimeId })).body).toEqual({ kept: true });
      await browser.send('POST', '/bff/booking/cancel', { showtimeId, leaving: true });
      const again = await nextHoldEvent();
      expect(again.leaving).toBe(true);
      expect(again.hold?.seats).toEqual([seat]);
      expect((await browser.send('POST', '/bff/booking/hold/keep', { showtimeId })).body).toEqual({ kept: true });
      await new Promise((resolve) => setTimeout(resolve, LEAVE_GRACE_MS + 1_500));
      expect((await browser.hold(showtimeId))?.seats).toEqual([seat]);
    } finally {
      controller.abort();
      await browser.send('POST', '/bff/booking/cancel', { showtimeId });
    }
  }, 30_000);
});
