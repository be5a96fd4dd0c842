/**
 * Paying for the tickets: the payment names what the customer sees (showtime, seats, total; the
 * BFF charges only that) and what follows each outcome on this screen. A purchase that changed
 * before any charge goes back to the seats through `startOver`.
 */
import type { ReadableAtom } from 'nanostores';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { Totals } from '#shared/booking/totals.ts';
import type { CardForm, PseForm } from '#shared/validation/payment.ts';
import { WAITING_ROOM_CODES } from '#shared/views/error-codes.ts';
import { openStatusModal } from '#site/components/feedback-stores.ts';
import { hasCode, type BffFailure } from '#site/lib/bff-error.ts';
import { routes } from '#site/lib/routes.ts';
import { callBff } from '#site/lib/bff-browser.ts';
import {
  afterPayment,
  showPaymentError,
  TRY_AGAIN,
  type PaymentFollowUp,
  type PaymentFormNext,
} from '#site/features/payment/after-payment.ts';
import { outcomeOf, paying } from '#site/features/payment/outcome.ts';
import { PURCHASE_TEXTS } from '../texts.ts';
import { backToWaitingRoom } from '../waiting-room-return.ts';
import type { CheckoutStore } from './checkout.ts';
import type { HoldStore } from './hold.ts';
import type { SeatsStore } from './seats.ts';
import type { SnacksStore } from './snacks.ts';

interface TicketPaymentParts {
  seats: SeatsStore;
  hold: HoldStore;
  snacks: SnacksStore;
  checkout: CheckoutStore;
  $totals: ReadableAtom<Totals>;
  startOver: () => Promise<void>;
}

export function createTicketPayment({ seats, hold, snacks, checkout, $totals, startOver }: TicketPaymentParts) {
  /** What the customer sees on screen: the payment is charged only if the BFF holds and computes exactly this. */
  const order = () => ({
    showtimeId: seats.$view.get().showtime.id,
    seats: [...(hold.$hold.get()?.seats ?? seats.$selected.get())],
    total: $totals.get().total,
    products: snacks.$cart
      .get()
      .map((item) => ({ code: item.offer.code, quantity: item.quantity, choices: item.choices })),
  });

  /**
   * Refused before any charge because the purchase on screen is not the one the BFF holds (the
   * hold expired or is now another tab's, the price or the total changed): the person reads what
   * changed and goes back to the seats, which show the truth again.
   */
  function purchaseChanged(failure: BffFailure): void {
    checkout.closeAll();
    if (failure.code === 'PAYMENT_IN_PROGRESS') {
      openStatusModal({
        type: 'warning',
        title: BOOKING_TEXTS.paymentErrorTitle,
        subtitle: failure.message,
        actionLabel: 'Ok',
      });
      return;
    }
    hold.stopCountdown();
    if (!hasCode(failure, ['TOTAL_CHANGED', 'PRICE_CHANGED'])) hold.forget();
    openStatusModal({
      type: 'warning',
      title: failure.code === 'HOLD_EXPIRED' ? BOOKING_TEXTS.expiredTitle : PURCHASE_TEXTS.holdChangedTitle,
      subtitle: failure.message,
      actionLabel: PURCHASE_TEXTS.backToSeats,
      onAction: () => void startOver(),
    });
  }

  const followUp = (form: 'card' | 'pse'): PaymentFollowUp => ({
    // A declined payment ends the hold's use here; any other leaves it for the status page or the bank.
    leave: (kind) => (kind === 'declined' ? hold.stopCountdown() : hold.keepForPayment()),
    decided: (bill) => window.location.assign(routes.transactionStatus(bill)),
    paid: { actionLabel: BOOKING_TEXTS.seeQrCodes, then: (bill) => window.location.assign(routes.ticket(bill)) },
    notCharged: (outcome) => {
      if (outcome.kind === 'failed' && hasCode(outcome.failure, WAITING_ROOM_CODES)) backToWaitingRoom();
      else if (outcome.kind === 'changed') purchaseChanged(outcome.failure);
      else if (form === 'pse') showPaymentError(BOOKING_TEXTS.paymentErrorFallback, () => void hold.abandon());
      else {
        hold.stopCountdown();
        showPaymentError(outcome.failure.message, () => window.location.reload());
      }
    },
  });

  return {
    /** Pays with the card form; answers the field messages for the form, if any. */
    payByCard: async (card: CardForm): Promise<PaymentFormNext> => {
      const brand = checkout.$payBrand.get();
      if (!brand) return TRY_AGAIN;
      const body = { ...order(), brandId: brand.id, card };
      const answer = await paying(() => callBff('POST /payments/card', { body }));
      return afterPayment(outcomeOf(answer, 'card'), followUp('card'));
    },
    payByPse: async (pse: PseForm): Promise<PaymentFormNext> => {
      const brand = checkout.$payBrand.get();
      if (!brand) return TRY_AGAIN;
      const body = { ...order(), brandId: brand.id, pse };
      const answer = await paying(() => callBff('POST /payments/pse', { body }));
      return afterPayment(outcomeOf(answer, 'pse'), followUp('pse'));
    },
  };
}
