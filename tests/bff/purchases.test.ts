import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PurchaseDetailViewSchema, PurchasesViewSchema } from '#shared/views/accounts.ts';
import { call, registerPerson, startStack, tokenInCookie, type Stack } from './harness.ts';
import { pickShowtime } from './booking-helpers.ts';
import { ACCEPTED_CARD, DECLINED_CARD, sandboxBuyer } from './sandbox-purchases.ts';

/** Purchases are made directly against the sandbox (sandbox-purchases.ts); "Mis tickets" is then read through the BFF. */

let stack: Stack;
let cookie: string;
let showtimeId: number;
let payByCard: (cardNumber: string, payType: 1 | 3) => Promise<string>;

beforeAll(async () => {
  stack = await startStack();
  const person = await registerPerson(stack.app);
  cookie = person.cookie;
  const buyer = sandboxBuyer(stack, tokenInCookie(stack.app, cookie));
  // The card purchase reserves a seat of the room's first priced zone.
  showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
  payByCard = (cardNumber, payType) => buyer.payByCard(showtimeId, cardNumber, payType);
});
afterAll(async () => {
  await stack.close();
});

describe('my purchases', () => {
  it('lists ticket purchases with the right links, skipping the membership, and shows each one', async () => {
    const accepted = await payByCard(ACCEPTED_CARD, 1);
    const declined = await payByCard(DECLINED_CARD, 1);
    const membership = await payByCard(ACCEPTED_CARD, 3);

    const list = PurchasesViewSchema.parse((await call(stack.app, 'GET', '/bff/profile/purchases', { cookie })).body);
    const bills = list.purchases.map((purchase) => purchase.bill);
    expect(bills).toContain(accepted);
    expect(bills).toContain(declined);
    expect(bills).not.toContain(membership);

    const acceptedCard = list.purchases.find((purchase) => purchase.bill === accepted)!;
    expect(acceptedCard).toMatchObject({ accepted: true, status: 'Aceptada', href: `/ticket/${accepted}` });
    expect(acceptedCard.title).not.toBe('');
    expect(acceptedCard.poster).toMatch(/^https?:\/\//);
    expect(acceptedCard.dateText).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóú]+, \d{1,2} de [a-z]+$/);
    const declinedCard = list.purchases.find((purchase) => purchase.bill === declined)!;
    expect(declinedCard).toMatchObject({ accepted: false, href: `/pay-status/card/${declined}` });

    const detail = PurchaseDetailViewSchema.parse(
      (await call(stack.app, 'GET', `/bff/profile/purchases/${accepted}`, { cookie })).body,
    );
    expect(detail).toMatchObject({
      bill: accepted,
      status: { id: 1, accepted: true },
      total: detail.subtotal + detail.totalService,
    });
    expect(detail.showtime?.id).toBe(showtimeId);
    expect(detail.codes).toHaveLength(1);
    expect(detail.seats).toHaveLength(1);

    const declinedDetail = PurchaseDetailViewSchema.parse(
      (await call(stack.app, 'GET', `/bff/profile/purchases/${declined}`, { cookie })).body,
    );
    expect(declinedDetail.codes).toEqual([]);

    const membershipDetail = PurchaseDetailViewSchema.parse(
      (await call(stack.app, 'GET', `/bff/profile/purchases/${membership}`, { cookie })).body,
    );
    expect(membershipDetail.showtime).toBeNull();

    // The membership purchase is visible in the membership route and then in the session.
    const status = await call(stack.app, 'GET', '/bff/profile/membership', { cookie });
    expect(status.body).toMatchObject({ membership: { active: true, cineFan: 'vigente' } });
    const session = await call(stack.app, 'GET', '/bff/session', { cookie: status.cookie ?? cookie });
    expect(session.body).toMatchObject({ user: { membership: { active: true } } });
  });

  it("does not show another user's purchase", async () => {
    const other = await registerPerson(stack.app);
    const list = PurchasesViewSchema.parse((await call(stack.app, 'GET', '/bff/profile/purchases', { cookie })).body);
    const bill = list.purchases[0]!.bill;
    const answer = await call(stack.app, 'GET', `/bff/profile/purchases/${bill}`, { cookie: other.cookie });
    expect(answer.status).toBe(404);
  });
});
