import type { FastifyInstance } from 'fastify';
import { serve } from './serve.ts';
import { documentNumberProblem } from '#shared/validation/document-number.ts';
import { TokenAnswerSchema } from '#shared/cinema-api/accounts.ts';
import {
  PAY_STATUS_ACCEPTED,
  PAY_STATUS_PENDING,
  PAY_STATUS_REJECTED,
  type CardPayPayload,
  type PayBrand,
} from '#shared/cinema-api/payments.ts';
import { inTransaction } from '../db/database.ts';
import { BANKS, PAY_BRANDS } from '../db/seed/marketing.ts';
import { FieldErrors, invalidField } from '../lib/api-error.ts';
import { bogotaDate, bogotaTimestamp } from '#shared/format/bogota-time.ts';
import type { SandboxContext } from '../lib/context.ts';
import { passesLuhn } from '../lib/luhn.ts';
import { randomToken } from '../lib/secrets.ts';
import { imageUrl, sandboxBase } from '../lib/urls.ts';
import { EMAIL_MESSAGE, EMAIL_PATTERN } from '../lib/validation.ts';
import { acceptBill, holdForPendingBill, insertBill, payStatusOf, PENDING_HOLD_MS } from '../services/bills.ts';
import { CONSECUTIVE_INVALID, spendConsecutive, usableConsecutive } from '../services/consecutives.ts';
import { findOneTime, spendOneTime, storeOneTime } from '../services/one-time-tokens.ts';
import { quotePurchase } from '../services/purchase-quote.ts';

const PAY_TOKEN_MS = 10 * 60 * 1000;
const PAY_TOKEN_INVALID = 'El token de pago no es válido o ha expirado.';

/**
 * The payment provider's published test cards. Any other Luhn-valid number is declined. A
 * pending card's payment is settled a few minutes later (`settleDueCardPayments`): approved
 * for PENDING_CARD, rejected for PENDING_REJECTED_CARD.
 */
const APPROVED_CARD = '4575623182290326';
const PENDING_CARD = '373118856457642';
const PENDING_REJECTED_CARD = '378282246310005';

function checkCard(payload: CardPayPayload, today: string, errors: FieldErrors): void {
  if (!/^\d{13,19}$/.test(payload.card_number) || !passesLuhn(payload.card_number)) {
    errors.add('card_number', 'El número de tarjeta no es válido.');
  }
  if (!/^\d{3,4}$/.test(payload.cvc)) errors.add('cvc', 'El código de seguridad no es válido.');
  const monthValid = /^(0[1-9]|1[0-2])$/.test(payload.exp_month);
  if (!monthValid) errors.add('exp_month', 'El mes de vencimiento no es válido.');
  if (!/^\d{4}$/.test(payload.exp_year)) errors.add('exp_year', 'El año de vencimiento no es válido.');
  else if (monthValid && `${payload.exp_year}-${payload.exp_month}` < today.slice(0, 7)) {
    errors.add('exp_year', 'La tarjeta está vencida.');
  }
  if (payload.dues < 1 || payload.dues > 36) errors.add('dues', 'Las cuotas deben estar entre 1 y 36.');
}

function cardOutcome(cardNumber: string): number {
  if (cardNumber === APPROVED_CARD) return PAY_STATUS_ACCEPTED;
  if (cardNumber === PENDING_CARD || cardNumber === PENDING_REJECTED_CARD) return PAY_STATUS_PENDING;
  return PAY_STATUS_REJECTED;
}

const OUTCOME_MESSAGES: Record<number, string> = {
  [PAY_STATUS_ACCEPTED]: 'Transacción aprobada.',
  [PAY_STATUS_PENDING]: 'Transacción pendiente de confirmación por la entidad financiera.',
  [PAY_STATUS_REJECTED]: 'Transacción rechazada por la entidad financiera.',
};

export function registerPaymentRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  serve(api, ctx, 'GET /pay-brands', async ({ request }) => {
    const base = sandboxBase(ctx, request);
    const brands: PayBrand[] = PAY_BRANDS.map((brand) => ({ ...brand, image: imageUrl(ctx, base, brand.image) }));
    return { data: { data: brands } };
  });

  serve(api, ctx, 'POST /pay-token', async ({ user, payload: read }) => {
    const payload = read();
    if (usableConsecutive(ctx.db, payload.score_consecutive, user.id) === undefined) {
      throw invalidField('score_consecutive', CONSECUTIVE_INVALID);
    }
    const token = randomToken(24);
    const expiresAt = ctx.clock.nowMs() + PAY_TOKEN_MS;
    storeOneTime(ctx.db, 'pay', token, expiresAt, { userId: user.id, consecutive: payload.score_consecutive });
    return TokenAnswerSchema.parse({ token, expires_at: bogotaTimestamp(expiresAt) });
  });

  serve(api, ctx, 'POST /epayco/card/pay', async ({ user, reply, payload: read }) => {
    const payload = read();
    const errors = new FieldErrors();
    checkCard(payload, bogotaDate(ctx.clock.now()), errors);
    const quote = quotePurchase(ctx, user, payload, errors);
    const now = ctx.clock.nowMs();
    const token = findOneTime(ctx.db, 'pay', payload.pay_token, now, {
      userId: user.id,
      consecutive: payload.score_consecutive,
    });
    if (token === undefined) errors.add('pay_token', PAY_TOKEN_INVALID);
    errors.throwIfAny();
    const status = cardOutcome(payload.card_number);
    const bill = inTransaction(ctx.db, () => {
      if (token === undefined || !spendOneTime(ctx.db, token.id, now))
        throw invalidField('pay_token', PAY_TOKEN_INVALID);
      const created = insertBill(ctx, {
        userId: user.id,
        consecutive: payload.score_consecutive,
        method: 'card',
        status: status === PAY_STATUS_ACCEPTED ? PAY_STATUS_PENDING : status,
        quote,
        productsDetail: payload.products_detail,
        productsDescription: payload.products_description,
        payer: {
          card_name: payload.card_name,
          card_last4: payload.card_number.slice(-4),
          dues: String(payload.dues),
          ...(status === PAY_STATUS_PENDING
            ? { settles: payload.card_number === PENDING_CARD ? 'approve' : 'reject' }
            : {}),
        },
      });
      if (status === PAY_STATUS_ACCEPTED) acceptBill(ctx, created);
      if (status === PAY_STATUS_PENDING) {
        holdForPendingBill(ctx, created, quote);
        spendConsecutive(ctx.db, created.consecutive, created.id);
      }
      return created;
    });
    const body = { message: OUTCOME_MESSAGES[status] ?? '', bill: bill.bill, pay_status: payStatusOf(status) };
    return reply.code(status === PAY_STATUS_REJECTED ? 402 : 200).send(body);
  });

  serve(api, ctx, 'POST /epayco/pse/pay', async ({ request, user, payload: read }) => {
    const payload = read();
    const errors = new FieldErrors();
    if (!BANKS.some((bank) => bank.bankCode === payload.bank)) errors.add('bank', 'El banco no es válido.');
    if (!EMAIL_PATTERN.test(payload.email)) errors.add('email', EMAIL_MESSAGE);
    if (!/^\d{7,15}$/.test(payload.phone)) errors.add('phone', 'El teléfono no es válido.');
    const docNumberProblem = documentNumberProblem(payload.doc_type, payload.doc_number);
    if (docNumberProblem) errors.add('doc_number', docNumberProblem);
    const quote = quotePurchase(ctx, user, payload, errors);
    errors.throwIfAny();
    const ref = randomToken(18);
    const expiresAt = ctx.clock.nowMs() + PENDING_HOLD_MS;
    const bill = inTransaction(ctx.db, () => {
      const created = insertBill(ctx, {
        userId: user.id,
        consecutive: payload.score_consecutive,
        method: 'pse',
        status: PAY_STATUS_PENDING,
        quote,
        productsDetail: payload.products_detail,
        productsDescription: payload.products_description,
        payer: {
          bank: payload.bank,
          name: payload.name,
          lastname: payload.lastname,
          doc_type: payload.doc_type,
          doc_number: payload.doc_number,
          email: payload.email,
          phone: payload.phone,
        },
        pseRef: ref,
        pseExpiresAt: expiresAt,
      });
      holdForPendingBill(ctx, created, quote);
      spendConsecutive(ctx.db, created.consecutive, created.id);
      return created;
    });
    return {
      pse_url: `${sandboxBase(ctx, request)}/sandbox/pse/${ref}`,
      bill: bill.bill,
      payType: payload.pay_type,
      expires_at: bogotaTimestamp(expiresAt),
    };
  });
}
