import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAY_TYPE_TICKETS } from '#shared/cinema-api/payments.ts';
import { formatCop } from '#shared/format/money.ts';
import type { PaymentResultView, PurchaseSeen, TicketPaymentBody } from '#shared/views/booking.ts';
import { BffError } from '#bff/errors.ts';
import { paymentBusy, requireKnownBrand, requireMethod } from '#bff/purchase/common/payment-checks.ts';
import { CHECKOUT_ERRORS, priceTicketPurchase, type PricedPurchase } from './checkout.ts';
import { forgetHold, isLive, readHold, updateHold, type HoldState } from '#bff/purchase/common/hold.ts';
import { meansOf, paymentSettles, type PurchaseOrder } from '#bff/purchase/common/pay.ts';
import { payOnce } from '#bff/purchase/common/payment-gate.ts';

/**
 * Ticket payments (card and PSE). The body names the purchase the customer saw; the BFF
 * prices it itself and charges only when both agree. One payment per hold runs at a time on
 * every replica, and every request for the hold answers the same outcome, so a double click
 * charges once.
 */

const sameSeats = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean =>
  a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

/**
 * The person's hold, if it is the purchase the customer is looking at: the same showtime and
 * seats. Otherwise 409 with what changed (another tab reserved elsewhere, the seats changed,
 * the hold is gone), before anything is charged.
 */
async function holdSeen(app: FastifyInstance, request: FastifyRequest, seen: PurchaseSeen): Promise<HoldState> {
  const hold = await readHold(app, request);
  if (!hold) throw new BffError(409, 'HOLD_EXPIRED', CHECKOUT_ERRORS.holdMissing);
  if (hold.showtimeId !== seen.showtimeId) {
    throw new BffError(
      409,
      'HOLD_CHANGED',
      isLive(hold) ? CHECKOUT_ERRORS.otherShowtime(hold.showtimeText) : CHECKOUT_ERRORS.holdMissing,
    );
  }
  if (!sameSeats(hold.labels, seen.seats))
    throw new BffError(409, 'HOLD_CHANGED', CHECKOUT_ERRORS.otherSeats(hold.labels.join(', ')));
  return hold;
}

/** Inside the payment lock: the hold is still this one and running. */
async function requireLiveHold(app: FastifyInstance, request: FastifyRequest, seenHold: HoldState): Promise<HoldState> {
  const hold = await readHold(app, request);
  if (!hold || hold.id !== seenHold.id) throw new BffError(409, 'HOLD_CHANGED', CHECKOUT_ERRORS.holdMissing);
  if (hold.settled) throw new BffError(409, 'HOLD_CHANGED', CHECKOUT_ERRORS.alreadyPaid);
  if (!isLive(hold)) throw new BffError(409, 'HOLD_EXPIRED', CHECKOUT_ERRORS.holdExpired);
  return hold;
}

function checkTotal(seen: PurchaseSeen, priced: PricedPurchase): void {
  if (priced.totals.total !== seen.total) {
    throw new BffError(
      409,
      'TOTAL_CHANGED',
      CHECKOUT_ERRORS.totalChanged(formatCop(seen.total), formatCop(priced.totals.total)),
    );
  }
}

/**
 * The cinema API let the hold go (its clock ran past the hold, or the seats were released):
 * the hold is forgotten and the person hears it expired. Anything else passes unchanged.
 */
async function holdGoneUpstream(app: FastifyInstance, hold: HoldState, error: unknown): Promise<unknown> {
  const fields = error instanceof BffError && error.statusCode === 422 ? Object.keys(error.fields ?? {}) : [];
  if (!fields.some((field) => field === 'seats' || field === 'score_consecutive')) return error;
  await forgetHold(app, hold);
  app.booking.statusHub.touch(hold.showtimeId);
  return new BffError(409, 'HOLD_EXPIRED', CHECKOUT_ERRORS.holdExpired);
}

function orderOf(hold: HoldState, priced: PricedPurchase, brandId: number): PurchaseOrder {
  return {
    payType: PAY_TYPE_TICKETS,
    consecutive: hold.consecutive,
    subtotal: priced.totals.subtotal,
    service: priced.totals.service,
    total: priced.totals.total,
    showtimeId: hold.showtimeId,
    seats: hold.seats,
    products: priced.products,
    detail: priced.detail,
    description: priced.description,
    paymentMethodId: priced.paymentMethod.id,
    brandId,
  };
}

/** Pays the person's hold and cart: the hold seen, one payment at a time, the price checked. */
export async function payTickets(
  app: FastifyInstance,
  request: FastifyRequest,
  body: TicketPaymentBody,
): Promise<PaymentResultView> {
  const means = meansOf(app, request, body);
  const seenHold = await holdSeen(app, request, body);
  return payOnce(
    app.sharedStore,
    {
      scope: `${seenHold.owner}:${seenHold.consecutive}`,
      fingerprint: means.fingerprint,
      settles: paymentSettles,
      busy: paymentBusy,
    },
    async () => {
      await means.verify();
      const hold = await requireLiveHold(app, request, seenHold);
      requireKnownBrand(await app.booking.sources.payBrands(request), body.brandId);
      const priced = await priceTicketPurchase(app, request, hold, body.products);
      requireMethod(priced.paymentMethod, means.method);
      checkTotal(body, priced);
      let result: PaymentResultView;
      try {
        result = await means.charge(orderOf(hold, priced, body.brandId));
      } catch (error) {
        throw await holdGoneUpstream(app, hold, error);
      }
      // Declined: the hold stays (the consecutive can be paid again); otherwise it is spent.
      if (paymentSettles(result))
        await updateHold(app, hold.owner, hold.id, (current) => ({ ...current, settled: true, leaving: null }));
      app.booking.statusHub.touch(hold.showtimeId);
      return result;
    },
  );
}
