import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONELY_SEAT_MESSAGE } from '#shared/booking/lonely-seats.ts';
import { startStack, type Stack } from './harness.ts';
import { Browser, DEMO, login, pickShowtime, wholeFreeRun } from './booking-helpers.ts';

/**
 * The single-seat rule at the BFF (shared/booking/lonely-seats.ts): on by default, a hold that
 * leaves one free seat alone is refused with 422 LONELY_SEAT and the page's own message; with
 * `LONELY_SEAT_RULE=off` the same hold is taken.
 */

describe('the lonely-seat rule, on (the default)', () => {
  let stack: Stack;
  let person: Browser;
  let showtimeId: number;

  beforeAll(async () => {
    stack = await startStack();
    person = new Browser(stack.app, await login(stack.app, DEMO.email, DEMO.password));
    showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
  });
  afterAll(async () => {
    await person?.send('POST', '/bff/booking/cancel', {});
    await stack?.close();
  });

  it('says so in the booking view', async () => {
    expect((await person.view(showtimeId)).lonelySeatRule).toBe(true);
  });

  it('refuses a hold that leaves the seat at the row’s end alone, with the page’s message', async () => {
    const [first, second] = wholeFreeRun(await person.view(showtimeId));
    const answer = await person.reserve(showtimeId, 'General', [second!.id]);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      error: { code: 'LONELY_SEAT', message: LONELY_SEAT_MESSAGE, fields: { seats: LONELY_SEAT_MESSAGE } },
    });
    expect((await person.view(showtimeId)).hold).toBeNull();
    expect((await person.reserve(showtimeId, 'General', [first!.id, second!.id])).status).toBe(200);
  });

  it('counts the person’s own held seats as free: a new hold may not leave one of them alone', async () => {
    const held = (await person.view(showtimeId)).hold?.seats ?? [];
    expect(held).toHaveLength(2);
    const refused = await person.reserve(showtimeId, 'General', [held[1]!]);
    expect(refused.status).toBe(422);
    expect((refused.body as { error: { code: string } }).error.code).toBe('LONELY_SEAT');
    // The hold is untouched, and taking the first seat alone leaves two free beside it.
    expect((await person.view(showtimeId)).hold?.seats).toEqual(held);
    expect((await person.reserve(showtimeId, 'General', [held[0]!])).status).toBe(200);
  });
});

describe('the lonely-seat rule, off (LONELY_SEAT_RULE=off)', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { LONELY_SEAT_RULE: 'off' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('takes the same hold, and the booking view says the rule is off', async () => {
    const person = new Browser(stack.app, await login(stack.app, DEMO.email, DEMO.password));
    const showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
    const view = await person.view(showtimeId);
    expect(view.lonelySeatRule).toBe(false);
    const [, second] = wholeFreeRun(view);
    const answer = await person.reserve(showtimeId, 'General', [second!.id]);
    expect(answer.status).toBe(200);
    expect((await person.view(showtimeId)).hold?.seats).toEqual([second!.id]);
    await person.send('POST', '/bff/booking/cancel', {});
  });
});
