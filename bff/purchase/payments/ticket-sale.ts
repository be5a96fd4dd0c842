import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAY_TYPE_TICKETS } from '#shared/cinema-api/payments.ts';
import { formatCop } from '#shared/format/money.ts';
import type { PaymentResultView, PurchaseSeen, TicketPaymentBody } from '#shared/views/booking.ts';
import { BffError } from '#bff/errors.ts';
import { paymentSettles } from '#bff/payments/means.ts';
import type { Order, PaidProduct } from '#bff/payments/paid-product.ts';
import { CHECKOUT_ERRORS, priceTicketPurchase } from './checkout.ts';
import { forgetHold, isLive, readHold, updateHold, type HoldState } from '#bff/purchase/common/hold.ts';

/**
 * Ticket payments (card and PSE), sold through the payments floor (bff/payments/sale.ts). The
 * body names the purchase the customer saw; the BFF prices it itself and charges only when
 * both agree. One payment per hold runs at a time on every replica, and every request for the
 * hold answers the same outcome, so a double click charges once.
 */

/** What selling tickets reads of the BFF: the hold's store, the booking, the pricing's reads, the payment brands. */
type TicketSaleNeeds = Pick<FastifyInstance, 'sharedStore' | 'booking' | 'settings' | 'membership' | 'payments'>;

const sameSeats = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean =>
  a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

/**
 * The person's hold, if it is the purchase the customer is looking at: the same showtime and
 * seats. Otherwise 409 with what changed (another tab reserved elsewhere, the seats changed,
 * the hold is gone), before anything is charged.
 */
async function holdSeen(app: TicketSaleNeeds, request: FastifyRequest, seen: PurchaseSeen): Promise<HoldState> {
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
async function requireLiveHold(app: TicketSaleNeeds, request: FastifyRequest, seenHold: HoldState): Promise<HoldState> {
  const hold = await readHold(app, request);
  if (!hold || hold.id !== seenHold.id) throw new BffError(409, 'HOLD_CHANGED', CHECKOUT_ERRORS.holdMissing);
  if (hold.settled) throw new BffError(409, 'HOLD_CHANGED', CHECKOUT_ERRORS.alreadyPaid);
  if (!isLive(hold)) throw new BffError(409, 'HOLD_EXPIRED', CHECKOUT_ERRORS.holdExpired);
  return hold;
}

function checkTotal(seen: PurchaseSeen, total: number): void {
  if (total !== seen.total) {
    throw new BffError(409, 'TOTAL_CHANGED', CHECKOUT_ERRORS.totalChanged(formatCop(seen.total), formatCop(total)));
  }
}

/**
 * The cinema API let the hold go (its clock ran past the hold, or the seats were released):
 * the hold is forgotten and the person hears it expired. Anything else passes unchanged.
 */
async function holdGoneUpstream(app: TicketSaleNeeds, hold: HoldState, error: unknown): Promise<unknown> {
  const fields = error instanceof BffError && error.statusCode === 422 ? Object.keys(error.fields ?? {}) : [];
  if (!fields.some((field) => field === 'seats' || field === 'score_consecutive')) return error;
  await forgetHold(app, hold);
  app.booking.statusHub.touch(hold.showtimeId);
  return new BffError(409, 'HOLD_EXPIRED', CHECKOUT_ERRORS.holdExpired);
}

/**
 * The tickets (and the cart's snacks) as a paid product: the sale opens on the hold the person
 * saw, one payment per hold, priced from the cinema API now; a payment that goes through spends
 * the hold, and a charge the cinema API refuses because it let the hold go is a hold expired.
 */
export function ticketProduct(app: TicketSaleNeeds): PaidProduct<TicketPaymentBody, PaymentResultView> {
  return {
    payType: PAY_TYPE_TICKETS,
    metricKind: { card: 'card', pse: 'pse' },
    async open(request, body) {
      const seenHold = await holdSeen(app, request, body);
      let hold = seenHold;
      return {
        scope: `${seenHold.owner}:${seenHold.consecutive}`,
        async price(): Promise<Order> {
          hold = await requireLiveHold(app, request, seenHold);
          const [priced, brands] = await Promise.all([
            priceTicketPurchase(app, request, hold, body.products),
            app.payments.sources.payBrands(request),
          ]);
          return {
            consecutive: async () => hold.consecutive,
            subtotal: priced.totals.subtotal,
            service: priced.totals.service,
            total: priced.totals.total,
            showtimeId: hold.showtimeId,
            seats: hold.seats,
            products: priced.products,
            detail: priced.detail,
            description: priced.description,
            paymentMethod: priced.paymentMethod,
            brands,
          };
        },
        agree: (order) => checkTotal(body, order.total),
        refused: (error) => holdGoneUpstream(app, hold, error),
        async charged(result) {
          // Declined: the hold stays (the consecutive can be paid again); otherwise it is spent.
          if (paymentSettles(result))
            await updateHold(app, hold.owner, hold.id, (current) => ({ ...current, settled: true, leaving: null }));
          app.booking.statusHub.touch(hold.showtimeId);
        },
        answer: async (result) => result,
      };
    },
  };
}
