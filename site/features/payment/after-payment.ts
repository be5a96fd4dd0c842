/**
 * What follows a payment (document 2, sections 4 and 8), for every paid product alike (the
 * tickets, the club membership): the success, pending and error modals, the status page or the bank. Each
 * island says only what differs (`PaymentFollowUp`).
 */
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import { openStatusModal } from '#site/components/feedback-stores.ts';
import { routes } from '#site/lib/routes.ts';
import { PAYMENT_TEXTS } from './texts.ts';
import type { PaymentOutcome } from './outcome.ts';

/** Outcomes after which the page follows the payment (a modal, then the status page, a reload or the bank). */
export type DecidedKind = 'paid' | 'pending' | 'declined' | 'bank';
/** Outcomes in which nothing was charged and the form has nothing to show. */
export type NotCharged = Extract<PaymentOutcome, { kind: 'changed' | 'failed' }>;

export interface PaymentFollowUp {
  /** Before the page follows the payment: the tickets keep or let go of the hold, the club closes its dialogs. */
  leave: (kind: DecidedKind) => void;
  /** Once a paid or declined payment's modal is closed: the tickets' status page, the club page again. */
  decided: (bill: string) => void;
  /**
   * A paid one's instead, with the success modal's button label: the tickets go straight to
   * their QR codes ('VER MIS CÓDIGOS QR'), the status page one link away from there.
   */
  paid?: { actionLabel: string; then: (bill: string) => void };
  /** Nothing was charged (the purchase changed, or the payment failed). */
  notCharged: (outcome: NotCharged) => void;
}

/**
 * What the payment form does after a send: show the field messages (nothing else happened), be
 * ready for another try (nothing was charged), or stay as it is while the page follows a
 * decided payment (its modal, the status page or the bank).
 */
export type PaymentFormNext =
  { kind: 'fields'; fields: Record<string, string> } | { kind: 'again' } | { kind: 'followed' };

export const TRY_AGAIN: PaymentFormNext = { kind: 'again' };

/** The messages a form shows under its fields after a send, if any. */
export const fieldMessagesOf = (next: PaymentFormNext): Record<string, string> | null =>
  next.kind === 'fields' ? next.fields : null;

export function afterPayment(outcome: PaymentOutcome, followUp: PaymentFollowUp): PaymentFormNext {
  const toStatusPage = (bill: string) => () => window.location.assign(routes.transactionStatus(bill));
  const followed: PaymentFormNext = { kind: 'followed' };
  switch (outcome.kind) {
    case 'invalid':
      return { kind: 'fields', fields: outcome.fields };
    case 'changed':
    case 'failed':
      followUp.notCharged(outcome);
      return TRY_AGAIN;
    case 'paid':
      followUp.leave(outcome.kind);
      showPaymentSuccess(
        () => (followUp.paid?.then ?? followUp.decided)(outcome.result.bill),
        followUp.paid?.actionLabel,
      );
      return followed;
    case 'pending':
      followUp.leave(outcome.kind);
      showPaymentPending(toStatusPage(outcome.result.bill));
      return followed;
    case 'declined':
      followUp.leave(outcome.kind);
      showPaymentError(outcome.result.message, () => followUp.decided(outcome.result.bill));
      return followed;
    case 'bank':
      followUp.leave(outcome.kind);
      window.location.assign(outcome.result.bankUrl ?? routes.transactionStatus(outcome.result.bill));
      return followed;
  }
}

function showPaymentSuccess(then: () => void, actionLabel?: string): void {
  openStatusModal({
    type: 'success',
    title: BOOKING_TEXTS.paymentSuccessTitle,
    subtitle: BOOKING_TEXTS.paymentSuccess,
    ...(actionLabel ? { actionLabel } : {}),
    onAction: then,
  });
}

/** A pending payment is not announced as a success: the person is told it is being confirmed. */
function showPaymentPending(then: () => void): void {
  openStatusModal({
    type: 'warning',
    title: PAYMENT_TEXTS.pendingTitle,
    subtitle: PAYMENT_TEXTS.pending,
    onAction: then,
  });
}

/** 'Estado de la transacción' with the server's message, or 'Hubo un error al procesar el pago'. */
export function showPaymentError(message: string | null | undefined, then: () => void): void {
  openStatusModal({
    type: 'error',
    title: BOOKING_TEXTS.paymentErrorTitle,
    subtitle: message?.trim() ? message : BOOKING_TEXTS.paymentErrorFallback,
    onAction: then,
  });
}
