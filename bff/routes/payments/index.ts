import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillAnswerSchema } from '../../../shared/cinema-api/bills.ts';
import { PAY_METHODS, PAY_STATUS_REJECTED, PAY_TYPE_TICKETS } from '../../../shared/cinema-api/payments.ts';
import { CardFormSchema, PseFormSchema } from '../../../shared/validation/payment.ts';
import {
  BanksViewSchema,
  CartLineSchema,
  PaymentResultViewSchema,
  TransactionViewSchema,
} from '../../../shared/views/booking.ts';
import { priceTicketPurchase, CHECKOUT_ERRORS } from '../../booking/checkout.ts';
import { clearHold, readLiveHold, type HoldState } from '../../booking/hold.ts';
import { payByCard, payByPse, type PurchaseOrder } from '../../booking/pay.ts';
import { perPersonRateLimit } from '../../booking/rate-limits.ts';
import { toTransactionView } from '../../booking/bill-views.ts';
import { BffError, unauthenticated } from '../../errors.ts';
import { captchaRefusal } from '../../plugins/captcha.ts';
import { upstreamPath } from '../../plugins/upstream.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What both payment bodies carry besides the means. Anything else (a total...) is dropped. */
const purchaseFields = {
  /** The chosen PayBrand.id. */
  brandId: z.int().positive(),
  products: z.array(CartLineSchema).max(30).default([]),
};

export const CardPaymentBodySchema = z.object({ ...purchaseFields, card: CardFormSchema });
export const PsePaymentBodySchema = z.object({ ...purchaseFields, pse: PseFormSchema });

const BillParamsSchema = z.object({ bill: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

function requireHold(request: FastifyRequest): HoldState {
  const hold = readLiveHold(request);
  if (!hold) throw new BffError(409, 'HOLD_EXPIRED', CHECKOUT_ERRORS.holdMissing);
  return hold;
}

async function checkBrand(app: FastifyInstance, request: FastifyRequest, brandId: number): Promise<void> {
  const brands = await app.booking.sources.payBrands(request);
  if (!brands.some((brand) => brand.id === brandId)) {
    throw new BffError(422, 'UNKNOWN_BRAND', CHECKOUT_ERRORS.unknownBrand, { brandId: CHECKOUT_ERRORS.unknownBrand });
  }
}

/**
 * Ticket payments (card and PSE) and the status reads after them. The BFF prices the
 * purchase itself; one payment per hold runs at a time and a repeated request answers the
 * same outcome, so a double click charges once.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!request.auth) throw unauthenticated();
  });

  app.get('/payments/banks', { schema: { response: { 200: BanksViewSchema } } }, async (request) => {
    const banks = await app.booking.sources.banks(request);
    return { banks: banks.map((bank) => ({ code: bank.bankCode, name: bank.bankName })) };
  });

  app.post(
    '/payments/card',
    {
      config: { rateLimit: perPersonRateLimit.payment },
      schema: { body: CardPaymentBodySchema, response: { 200: PaymentResultViewSchema } },
    },
    async (request) => {
      const hold = requireHold(request);
      const { card, products, brandId } = request.body;
      const holdKey = `${request.auth?.user.email}:${hold.consecutive}`;
      return app.booking.payments.run(holdKey, sha256(card.captcha), async () => {
        const verdict = await app.verifyCaptcha(card.captcha);
        if (!verdict.ok) throw captchaRefusal(verdict, 'card.captcha');
        await checkBrand(app, request, brandId);
        const priced = await priceTicketPurchase(app, request, hold, products);
        if (!priced.paymentMethod.card) throw new BffError(422, 'METHOD_UNAVAILABLE', CHECKOUT_ERRORS.methodUnavailable);
        const result = await payByCard(app, request, orderOf(hold, priced, brandId), card);
        // Declined: the hold stays (the consecutive can be paid again); otherwise it is spent.
        if (result.status.id !== PAY_STATUS_REJECTED) clearHold(request);
        app.booking.statusHub.touch(hold.showtimeId);
        return result;
      });
    },
  );

  app.post(
    '/payments/pse',
    {
      config: { rateLimit: perPersonRateLimit.payment },
      schema: { body: PsePaymentBodySchema, response: { 200: PaymentResultViewSchema } },
    },
    async (request) => {
      const hold = requireHold(request);
      const { pse, products, brandId } = request.body;
      const holdKey = `${request.auth?.user.email}:${hold.consecutive}`;
      return app.booking.payments.run(holdKey, sha256(JSON.stringify(request.body)), async () => {
        await checkBrand(app, request, brandId);
        const priced = await priceTicketPurchase(app, request, hold, products);
        if (!priced.paymentMethod.pse) throw new BffError(422, 'METHOD_UNAVAILABLE', CHECKOUT_ERRORS.methodUnavailable);
        const result = await payByPse(app, request, orderOf(hold, priced, brandId), pse);
        // The cinema API keeps the seats for the pending bill: the hold is no longer ours to release.
        clearHold(request);
        app.booking.statusHub.touch(hold.showtimeId);
        return result;
      });
    },
  );

  // `/estado-transaccion/{bill}`
  app.get(
    '/payments/transactions/:bill',
    { schema: { params: BillParamsSchema, response: { 200: TransactionViewSchema } } },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'GET',
        path: upstreamPath`pay-responses/${request.params.bill}/status`,
        schema: BillAnswerSchema,
        auth: true,
      });
      return toTransactionView(answer.data);
    },
  );

  // `/pay-status/{type}/{bill}`: type is the bill's pay method.
  app.get(
    '/payments/status/:method/:bill',
    {
      schema: {
        params: BillParamsSchema.extend({ method: z.enum(PAY_METHODS) }),
        response: { 200: TransactionViewSchema },
      },
    },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'GET',
        path: upstreamPath`epayco/${request.params.method}/status/${request.params.bill}`,
        schema: BillAnswerSchema,
        auth: true,
      });
      return toTransactionView(answer.data);
    },
  );
};

function orderOf(hold: HoldState, priced: Awaited<ReturnType<typeof priceTicketPurchase>>, brandId: number): PurchaseOrder {
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

export default paymentRoutes;
