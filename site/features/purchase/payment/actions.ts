/**
 * Payment submissions and what follows them (document 2, sections 4 and 8): the spinner
 * 'Procesando tu pago, por favor espera...', the success modal, the error modals, and where
 * the browser goes next. The caller says what happens after (status page, reload, bank).
 */
import { BOOKING_TEXTS } from '../../../../shared/booking/texts.ts';
import type { CardForm, PseForm } from '../../../../shared/validation/payment.ts';
import type { CartLineInput, PaymentResultView, PurchaseSeen } from '../../../../shared/views/booking.ts';
import type { MembershipView } from '../../../../shared/views/session.ts';
import type { BffFailure } from '../../../lib/bff-error.ts';
import { bffPostJson } from '../../../lib/bff-browser.ts';
import { openStatusModal, withSpinner } from '../../../components/feedback-stores.ts';

export type PaymentOutcome =
  | { kind: 'paid'; result: PaymentResultView }
  | { kind: 'declined'; result: PaymentResultView }
  | { kind: 'bank'; result: PaymentResultView }
  /** Field messages for the form (validation, captcha); nothing else happened. */
  | { kind: 'invalid'; failure: BffFailure }
  | { kind: 'failed'; failure: BffFailure };

const hasFieldMessages = (failure: BffFailure): boolean =>
  failure.code === 'VALIDATION_FAILED' || failure.code.startsWith('CAPTCHA_') || Object.keys(failure.fields ?? {}).length > 0;

function outcomeOf(answer: { ok: true; data: PaymentResultView } | { ok: false; failure: BffFailure }): PaymentOutcome {
  if (answer.ok) {
    if (answer.data.bankUrl) return { kind: 'bank', result: answer.data };
    return answer.data.status.id === 2 ? { kind: 'declined', result: answer.data } : { kind: 'paid', result: answer.data };
  }
  return hasFieldMessages(answer.failure) && answer.failure.code !== 'COMBO_LIMIT' && answer.failure.code !== 'INVALID_CART'
    ? { kind: 'invalid', failure: answer.failure }
    : { kind: 'failed', failure: answer.failure };
}

export async function payTicketsByCard(body: PurchaseSeen & { brandId: number; products: CartLineInput[]; card: CardForm }): Promise<PaymentOutcome> {
  const answer = await withSpinner(BOOKING_TEXTS.payingSpinner, () => bffPostJson<PaymentResultView>('/payments/card', body));
  return outcomeOf(answer);
}

export async function payTicketsByPse(body: PurchaseSeen & { brandId: number; products: CartLineInput[]; pse: PseForm }): Promise<PaymentOutcome> {
  const answer = await withSpinner(BOOKING_TEXTS.payingSpinner, () => bffPostJson<PaymentResultView>('/payments/pse', body));
  return outcomeOf(answer);
}

export async function payMembershipByCard(body: { brandId: number; card: CardForm }): Promise<PaymentOutcome> {
  const answer = await withSpinner(BOOKING_TEXTS.payingSpinner, () =>
    bffPostJson<{ result: PaymentResultView; membership: MembershipView | null }>('/membership/purchase', body),
  );
  return outcomeOf(answer.ok ? { ok: true, data: answer.data.result } : answer);
}

export function showPaymentSuccess(then: () => void): void {
  openStatusModal({ type: 'success', title: BOOKING_TEXTS.paymentSuccessTitle, subtitle: BOOKING_TEXTS.paymentSuccess, onAction: then });
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
