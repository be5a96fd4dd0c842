/**
 * A payment's answer as a `PaymentOutcome` (document 2, sections 4 and 8), and its call under the
 * spinner 'Procesando tu pago, por favor espera...'; `after-payment.ts` shows what follows. Each
 * paid product calls its own endpoints (by the contract's names) through these.
 */
import { PAY_STATUS_PENDING, PAY_STATUS_REJECTED } from '#shared/booking/constants.ts';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { BffErrorCode } from '#shared/views/error-codes.ts';
import type { PaymentResultView } from '#shared/views/booking.ts';
import { withSpinner } from '#site/components/feedback-stores.ts';
import { hasCode, type BffFailure } from '#site/lib/bff-error.ts';
import type { BffResponse } from '#site/lib/bff-browser.ts';

export type PaymentOutcome =
  | { kind: 'paid'; result: PaymentResultView }
  /** The provider has not decided yet (a pending card): the status page follows it. */
  | { kind: 'pending'; result: PaymentResultView }
  | { kind: 'declined'; result: PaymentResultView }
  | { kind: 'bank'; result: PaymentResultView }
  /** Field messages for the form (validation, captcha), by the form's own names; nothing else happened. */
  | { kind: 'invalid'; fields: Record<string, string> }
  /** Nothing was charged: the purchase on screen is not the one the BFF holds (409). */
  | { kind: 'changed'; failure: BffFailure }
  | { kind: 'failed'; failure: BffFailure };

/** The form a payment was sent from; the BFF names its fields `card.cardNumber`, `pse.bank`, ... */
export type PaymentForm = 'card' | 'pse';

/** 409 answers of a payment: the hold expired or changed, the price or total changed, a payment runs. */
const CHANGED_CODES: readonly BffErrorCode[] = [
  'HOLD_EXPIRED',
  'HOLD_CHANGED',
  'PRICE_CHANGED',
  'TOTAL_CHANGED',
  'PAYMENT_IN_PROGRESS',
];

/** Form fields a payment error can point at; any other field's message goes to a modal. */
const FORM_FIELDS = new Set([
  'cardName',
  'cardNumber',
  'expMonth',
  'expYear',
  'cvc',
  'dues',
  'captcha',
  'typePerson',
  'bank',
  'firstName',
  'lastName',
  'documentType',
  'documentNumber',
  'email',
  'phoneNumber',
]);
const formFieldOf = (field: string): string => field.replace(/^(card|pse)\./, '');

/** A failure the form can show next to its fields (every field message points at one). */
const hasFieldMessages = (failure: BffFailure): boolean => {
  const fields = Object.keys(failure.fields ?? {});
  return fields.length > 0 && fields.every((field) => FORM_FIELDS.has(formFieldOf(field)));
};

/** Field messages of the BFF keyed by the form's own names ('card.cardNumber' → 'cardNumber'). */
function formFieldMessages(failure: BffFailure, form: PaymentForm): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [field, message] of Object.entries(failure.fields ?? {})) {
    messages[field.startsWith(`${form}.`) ? field.slice(form.length + 1) : field] = message;
  }
  return messages;
}

/** What a payment's answer means for the page, whatever was paid for. */
export function outcomeOf(answer: BffResponse<PaymentResultView>, form: PaymentForm): PaymentOutcome {
  if (answer.ok) {
    if (answer.data.bankUrl) return { kind: 'bank', result: answer.data };
    if (answer.data.status.id === PAY_STATUS_REJECTED) return { kind: 'declined', result: answer.data };
    return answer.data.status.id === PAY_STATUS_PENDING
      ? { kind: 'pending', result: answer.data }
      : { kind: 'paid', result: answer.data };
  }
  if (hasCode(answer.failure, CHANGED_CODES)) return { kind: 'changed', failure: answer.failure };
  if (hasFieldMessages(answer.failure)) return { kind: 'invalid', fields: formFieldMessages(answer.failure, form) };
  return { kind: 'failed', failure: answer.failure };
}

/** A payment call under the spinner 'Procesando tu pago, por favor espera...'. */
export const paying = <T>(call: () => Promise<BffResponse<T>>): Promise<BffResponse<T>> =>
  withSpinner(BOOKING_TEXTS.payingSpinner, call);
