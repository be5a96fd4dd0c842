import type { FastifyRequest } from 'fastify';
import {
  PAY_STATUS_ACCEPTED,
  PAY_STATUS_REJECTED,
  type CardPayPayloadInput,
  type PsePayPayloadInput,
} from '#shared/cinema-api/payments.ts';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import { THEATER_ID } from '#shared/booking/constants.ts';
import type { CardForm, PseForm } from '#shared/validation/payment.ts';
import { DEVICE } from '#shared/validation/options.ts';
import type { PaymentResultView } from '#shared/views/booking.ts';
import { BffError } from '#bff/errors.ts';
import { captchaRefusal, type CaptchaVerdict } from '#bff/plugins/captcha.ts';
import type { UpstreamClient } from '#bff/plugins/upstream.ts';
import { sha256 } from '#bff/sha256.ts';
import type { ChargedOrder, PayMeans } from './paid-product.ts';

/**
 * The two means every paid product is paid with, the cinema API's card and PSE payments: the
 * payload built from the order the product priced, the card's pay token and captcha, and the
 * cinema API's answer (or refusal) as the person's result. The card number and CVC go only into
 * the upstream body: never into a log line, an error or an answer.
 */

/** Accepted or pending: the hold (or the membership purchase) is spent. */
export const paymentSettles = (result: PaymentResultView): boolean => result.status.id !== PAY_STATUS_REJECTED;

/** What the means need: the cinema API, and the captcha check of the card form. */
export interface MeansDependencies {
  upstream: UpstreamClient;
  verifyCaptcha(payload: unknown): Promise<CaptchaVerdict>;
}

/** How one payment form pays: by card or by PSE. */
interface PaymentMeans {
  method: PayMeans;
  /**
   * Tells a second send of the same form (answered with the first one's outcome) from a new
   * attempt: the card's captcha, which is new for every attempt, or the whole PSE form.
   */
  fingerprint: string;
  /** Checks only the attempt that pays runs, inside the payment lock (the card's captcha). */
  verify(): Promise<void>;
  charge(order: ChargedOrder): Promise<PaymentResultView>;
}

/** The means of a payment body (any product), which carries a `card` or a `pse` form. */
export function meansOf(
  deps: MeansDependencies,
  request: FastifyRequest,
  body: { card: CardForm } | { pse: PseForm },
): PaymentMeans {
  if ('card' in body) {
    const { card } = body;
    return {
      method: 'card',
      fingerprint: sha256(card.captcha),
      async verify() {
        const verdict = await deps.verifyCaptcha(card.captcha);
        if (!verdict.ok) throw captchaRefusal(verdict, 'card.captcha');
      },
      charge: (order) => payByCard(deps.upstream, request, order, card),
    };
  }
  const { pse } = body;
  return {
    method: 'pse',
    fingerprint: sha256(JSON.stringify(body)),
    verify: async () => undefined,
    charge: (order) => payByPse(deps.upstream, request, order, pse),
  };
}

const commonFields = (order: ChargedOrder) => ({
  pay_type: order.payType,
  subtotal: order.subtotal,
  total_service: order.service,
  total: order.total,
  device: DEVICE,
  score_consecutive: order.consecutive,
  score_payment_method: order.paymentMethod.id,
  theater_id: THEATER_ID,
  showtime_id: order.showtimeId,
  seats: order.seats,
  products: order.products,
  products_detail: order.detail,
  products_description: order.description,
  keyPay: order.brandId,
});

/** Upstream field names of the payment forms, mapped to the form's own (for messages). */
const CARD_FIELDS: Record<string, string> = {
  card_name: 'card.cardName',
  card_number: 'card.cardNumber',
  cvc: 'card.cvc',
  exp_month: 'card.expMonth',
  exp_year: 'card.expYear',
  dues: 'card.dues',
  pay_token: 'card.captcha',
};
const PSE_FIELDS: Record<string, string> = {
  bank: 'pse.bank',
  name: 'pse.firstName',
  lastname: 'pse.lastName',
  doc_type: 'pse.documentType',
  doc_number: 'pse.documentNumber',
  email: 'pse.email',
  phone: 'pse.phoneNumber',
  type_person: 'pse.typePerson',
};

function withFormFields(error: unknown, names: Record<string, string>): unknown {
  if (!(error instanceof BffError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, message]) => [names[field] ?? field, message]),
  );
  return new BffError(error.statusCode, error.code, error.message, fields);
}

const resultOf = (bill: string, status: { id: number; name: string }, message: string): PaymentResultView => ({
  bill,
  accepted: status.id === PAY_STATUS_ACCEPTED,
  status: { id: status.id, name: status.name },
  message,
  bankUrl: null,
});

async function payToken(upstream: UpstreamClient, request: FastifyRequest, consecutive: number): Promise<string> {
  const answer = await upstream.call(request, 'POST /pay-token', { body: { score_consecutive: consecutive } });
  return answer.token;
}

/**
 * Card payment: a fresh pay token for the consecutive, then the charge. A declined card
 * (402) still leaves a bill: it is looked up among the person's purchases so the browser
 * can show the status page with 'VOLVER A INTENTAR'.
 */
async function payByCard(
  upstream: UpstreamClient,
  request: FastifyRequest,
  order: ChargedOrder,
  card: CardForm,
): Promise<PaymentResultView> {
  const token = await payToken(upstream, request, order.consecutive);
  try {
    const answer = await upstream.call(request, 'POST /epayco/card/pay', {
      body: {
        ...commonFields(order),
        card_name: card.cardName,
        card_number: card.cardNumber,
        cvc: card.cvc,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        dues: card.dues,
        pay_token: token,
      } satisfies CardPayPayloadInput,
    });
    return resultOf(answer.bill, answer.pay_status, answer.message);
  } catch (error) {
    if (error instanceof BffError && error.statusCode === 402) {
      const bill = await findBill(upstream, request, order.consecutive, 'card');
      const message = error.message || BOOKING_TEXTS.paymentErrorFallback;
      if (bill) return resultOf(bill.bill, bill.pay_status, message);
      throw new BffError(402, 'PAYMENT_DECLINED', message);
    }
    throw withFormFields(error, CARD_FIELDS);
  }
}

/** PSE: the bill is created pending and the browser goes to the bank's page. */
async function payByPse(
  upstream: UpstreamClient,
  request: FastifyRequest,
  order: ChargedOrder,
  pse: PseForm,
): Promise<PaymentResultView> {
  try {
    const answer = await upstream.call(request, 'POST /epayco/pse/pay', {
      body: {
        ...commonFields(order),
        bank: pse.bank,
        name: pse.firstName,
        lastname: pse.lastName,
        doc_type: pse.documentType,
        doc_number: pse.documentNumber,
        email: pse.email.toLowerCase(),
        phone: pse.phoneNumber,
        type_person: pse.typePerson,
      } satisfies PsePayPayloadInput,
    });
    const bankUrl = new URL(answer.pse_url);
    if (bankUrl.protocol !== 'https:' && bankUrl.protocol !== 'http:') {
      throw new BffError(502, 'UPSTREAM_UNAVAILABLE', BOOKING_TEXTS.paymentErrorFallback);
    }
    return {
      bill: answer.bill,
      accepted: false,
      status: { id: 3, name: 'Pendiente' },
      message: '',
      bankUrl: bankUrl.toString(),
    };
  } catch (error) {
    throw withFormFields(error, PSE_FIELDS);
  }
}

async function findBill(upstream: UpstreamClient, request: FastifyRequest, consecutive: number, method: PayMeans) {
  try {
    const answer = await upstream.call(request, 'GET /profile/purchases');
    return answer.data.find((bill) => bill.score_consecutive === consecutive && bill.pay_method === method) ?? null;
  } catch (error) {
    request.log.warn({ err: error }, 'looking up a declined bill failed');
    return null;
  }
}
