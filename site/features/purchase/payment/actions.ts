/**
 * Payment submissions and what follows them (document 2, sections 4 and 8): the spinner
 * 'Procesando tu pago, por favor espera...', the success modal, the error modals, and where
 * the browser goes next. The caller says what happens after (status page, reload, bank).
 */
import { BOOKING_TEXTS } from '../../../../shared/booking/texts.ts';
import type { CardForm, PseForm } from '../../../../shared/validation/payment.ts';
import type { CartLineInput, PaymentResultView, PurchaseSeen } from '../../../../shared/views/booking.ts';
import type { MembershipView } from '../../../../shared/views/session.ts';
import type { BffErrorCode } from '../../../../shared/views/error-codes.ts';
import { hasCode, type BffFailure } from '../../../lib/bff-error.ts';
import { bffPost } from '../../../lib/bff-browser.ts';
import { openStatusModal, withSpinner } from '../../../components/feedback-stores.ts';
import { PAYMENT_TEXTS } from '../texts.ts';
import { PAY_STATUS_PENDING, PAY_STATUS_REJECTED } from '../../../../shared/booking/constants.ts';

export type PaymentOutcome =
  | { kind: 'paid'; result: PaymentResultView }
  /** The provider has not decided yet (a pending card): the status page follows it. */
  | { kind: 'pending'; result: PaymentResultView }
  | { kind: 'declined'; result: PaymentResultView }
  | { kind: 'bank'; result: PaymentResultView }
  /** Field messages for the form (validation, captcha); nothing else happened. */
  | { kind: 'invalid'; failure: BffFailure }
  /** Nothing was charged: the purchase on screen is not the one the BFF holds (409). */
  | { kind: 'changed'; failure: BffFailure }
  | { kind: 'failed'; failure: BffFailure };

/** 409 answers of a payment: the hold expired or changed, the price or total changed, a payment runs. */
const CHANGED_CODES: readonly BffErrorCode[] = ['HOLD_EXPIRED', 'HOLD_CHANGED', 'PRICE_CHANGED', 'TOTAL_CHANGED', 'PAYMENT_IN_PROGRESS'];

/** Form fields a payment error can point at; any other field's message goes to a modal. */
const FORM_FIELDS = new Set(['cardName', 'cardNumber', 'expMonth', 'expYear', 'cvc', 'dues', 'captcha', 'typePerson', 'bank', 'firstName', 'lastName', 'documentType', 'documentNumber', 'email', 'phoneNumber']);
const formFieldOf = (field: string): string => field.replace(/^(card|pse)\./, '');

/** A failure the form can show next to its fields (every field message points at one). */
const hasFieldMessages = (failure: BffFailure): boolean => {
  const fields = Object.keys(failure.fields ?? {});
  return fields.length > 0 && fields.every((field) => FORM_FIELDS.has(formFieldOf(field)));
};

function outcomeOf(answer: { ok: true; data: PaymentResultView } | { ok: false; failure: BffFailure }): PaymentOutcome {
  if (answer.ok) {
    if (answer.data.bankUrl) return { kind: 'bank', result: answer.data };
    if (answer.data.status.id === PAY_STATUS_REJECTED) return { kind: 'declined', result: answer.data };
    return answer.data.status.id === PAY_STATUS_PENDING ? { kind: 'pending', result: answer.data } : { kind: 'paid', result: answer.data };
  }
  if (hasCode(answer.failure, CHANGED_CODES)) return { kind: 'changed', failure: answer.failure };
  return hasFieldMessages(answer.failure) ? { kind: 'invalid', failure: answer.failure } : { kind: 'failed', failure: answer.failure };
}

export async function payTicketsByCard(body: PurchaseSeen & { brandId: number; products: CartLineInput[]; card: CardForm }): Promise<PaymentOutcome> {
  const answer = await withSpinner(BOOKING_TEXTS.payingSpinner, () => bffPost<PaymentResultView>('/payments/card', body));
  return outcomeOf(answer);
}

export async function payTicketsByPse(body: PurchaseSeen & { brandId: number; products: CartLineInput[]; pse: PseForm }): Promise<PaymentOutcome> {
  const answer = await withSpinner(BOOKING_TEXTS.payingSpinner, () => bffPost<PaymentResultView>('/payments/pse', body));
  return outcomeOf(answer);
}

export async function payMembershipByCard(body: { brandId: number; card: CardForm }): Promise<PaymentOutcome> {
  const answer = await withSpinner(BOOKING_TEXTS.payingSpinner, () =>
    bffPost<{ result: PaymentResultView; membership: MembershipView | null }>('/membership/purchase', body),
  );
  return outcomeOf(answer.ok ? { ok: true, data: answer.data.result } : answer);
}

export async function payMembershipByPse(body: { brandId: number; pse: PseForm }): Promise<PaymentOutcome> {
  const answer = await withSpinner(BOOKING_TEXTS.payingSpinner, () =>
    bffPost<{ result: PaymentResultView; membership: MembershipView | null }>('/membership/purchase/pse', body),
  );
  return outcomeOf(answer.ok ? { ok: true, data: answer.data.result } : answer);
}

export function showPaymentSuccess(then: () => void): void {
  openStatusModal({ type: 'success', title: BOOKING_TEXTS.paymentSuccessTitle, subtitle: BOOKING_TEXTS.paymentSuccess, onAction: then });
}

/** A pending payment is not announced as a success: the person is told it is being confirmed. */
export function showPaymentPending(then: () => void): void {
  openStatusModal({ type: 'warning', title: PAYMENT_TEXTS.pendingTitle, subtitle: PAYMENT_TEXTS.pending, onAction: then });
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

/** Field messages of the BFF keyed by the form's own names ('card.cardNumber' → 'cardNumber'). */
export function formFieldMessages(failure: BffFailure, prefix: 'card' | 'pse'): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [field, message] of Object.entries(failure.fields ?? {})) {
    const name = field.startsWith(`${prefix}.`) ? field.slice(prefix.length + 1) : field;
    messages[name] = message;
  }
  return messages;
}
