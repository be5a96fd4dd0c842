import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { captchaRefusal } from '#bff/plugins/captcha.ts';
import { sha256 } from '#bff/sha256.ts';

/** Accepted or pending: the hold (or the membership purchase) is spent. */
export const paymentSettles = (result: PaymentResultView): boolean => result.status.id !== PAY_STATUS_REJECTED;

/** The card form's captcha, spent only by the attempt that pays (inside the payment lock). */
async function verifyCardCaptcha(app: FastifyInstance, card: CardForm): Promise<void> {
  const verdict = await app.verifyCaptcha(card.captcha);
  if (!verdict.ok) throw captchaRefusal(verdict, 'card.captcha');
}

/** How one payment form pays: by card or by PSE. */
interface PaymentMeans {
  method: 'card' | 'pse';
  /**
   * Tells a second send of the same form (answered with the first one's outcome) from a new
   * attempt: the card's captcha, which is new for every attempt, or the whole PSE form.
   */
  fingerprint: string;
  /** Checks only the attempt that pays runs, inside the payment lock (the card's captcha). */
  verify(): Promise<void>;
  charge(order: PurchaseOrder): Promise<PaymentResultView>;
}

/** The means of a payment body (tickets or membership), which carries a `card` or a `pse` form. */
export function meansOf(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { card: CardForm } | { pse: PseForm },
): PaymentMeans {
  if ('card' in body) {
    const { card } = body;
    return {
      method: 'card',
      fingerprint: sha256(card.captcha),
      verify: () => verifyCardCaptcha(app, card),
      charge: (order) => payByCard(app, request, order, card),
    };
  }
  const { pse } = body;
  return {
    method: 'pse',
    fingerprint: sha256(JSON.stringify(body)),
    verify: async () => undefined,
    charge: (order) => payByPse(app, request, order, pse),
  };
}

/** Everything of a payment except the means: computed by the BFF. */
export interface PurchaseOrder {
  payType: 1 | 3;
  consecutive: number;
  subtotal: number;
  service: number;
  total: number;
  showtimeId: number | null;
  seats: CardPayPayloadInput['seats'];
  products: CardPayPayloadInput['products'];
  detail: string;
  description: string;
  paymentMethodId: number;
  brandId: number;
}

const commonFields = (order: PurchaseOrder) => ({
  pay_type: order.payType,
  subtotal: order.subtotal,
  total_service: order.service,
  total: order.total,
  device: DEVICE,
  score_consecutive: order.consecutive,
  score_payment_method: order.paymentMethodId,
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

async function payToken(app: FastifyInstance, request: FastifyRequest, consecutive: number): Promise<string> {
  const answer = await app.upstream.call(request, 'POST /pay-token', { body: { score_consecutive: consecutive } });
  return answer.token;
}

/**
 * Card payment: a fresh pay token for the consecutive, then the charge. A declined card
 * (402) still leaves a bill: it is looked up among the person's purchases so the browser
 * can show the status page with 'VOLVER A INTENTAR'. The card number and CVC go only into
 * the upstream body: never into a log line, an error or an answer.
 */
async function payByCard(
  app: FastifyInstance,
  request: FastifyRequest,
  order: PurchaseOrder,
  card: CardForm,
): Promise<PaymentResultView> {
  const token = await payToken(app, request, order.consecutive);
  try {
    const answer = await app.upstream.call(request, 'POST /epayco/card/pay', {
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
      const bill = await findBill(app, request, order.consecutive, 'card');
      const message = error.message || BOOKING_TEXTS.paymentErrorFallback;
      if (bill) return resultOf(bill.bill, bill.pay_status, message);
      throw new BffError(402, 'PAYMENT_DECLINED', message);
    }
    throw withFormFields(error, CARD_FIELDS);
  }
}

/** PSE: the bill is created pending and the browser goes to the bank's page. */
async function payByPse(
  app: FastifyInstance,
  request: FastifyRequest,
  order: PurchaseOrder,
  pse: PseForm,
): Promise<PaymentResultView> {
  try {
    const answer = await app.upstream.call(request, 'POST /epayco/pse/pay', {
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

async function findBill(app: FastifyInstance, request: FastifyRequest, consecutive: number, method: 'card' | 'pse') {
  try {
    const answer = await app.upstream.call(request, 'GET /profile/purchases');
    return answer.data.find((bill) => bill.score_consecutive === consecutive && bill.pay_method === method) ?? null;
  } catch (error) {
    request.log.warn({ err: error }, 'looking up a declined bill failed');
    return null;
  }
}
