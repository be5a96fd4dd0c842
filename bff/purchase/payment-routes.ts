import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BanksViewSchema, PaymentResultViewSchema } from '../../shared/views/booking.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { perPersonRateLimit } from './rate-limits.ts';
import { CardPaymentBodySchema, PsePaymentBodySchema, payTickets } from './ticket-payment.ts';
import { errorAnswers } from '../errors.ts';

/** The PSE banks and the ticket payments (purchase/ticket-payment.ts). */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  app.get(
    '/payments/banks',
    { schema: { response: { 200: BanksViewSchema, ...errorAnswers(401, 502) } } },
    async (request) => {
      const banks = await app.booking.sources.banks(request);
      return { banks: banks.map((bank) => ({ code: bank.bankCode, name: bank.bankName })) };
    },
  );

  app.post(
    '/payments/card',
    {
      config: { rateLimit: perPersonRateLimit.payment },
      preHandler: app.waitingRoom.requirePass,
      onSend: app.waitingRoom.endPassOnSale,
      schema: {
        body: CardPaymentBodySchema,
        response: { 200: PaymentResultViewSchema, ...errorAnswers(401, 402, 409, 502) },
      },
    },
    async (request) => payTickets(app, request, request.body),
  );

  app.post(
    '/payments/pse',
    {
      config: { rateLimit: perPersonRateLimit.payment },
      preHandler: app.waitingRoom.requirePass,
      onSend: app.waitingRoom.endPassOnSale,
      schema: {
        body: PsePaymentBodySchema,
        response: { 200: PaymentResultViewSchema, ...errorAnswers(401, 402, 409, 502) },
      },
    },
    async (request) => payTickets(app, request, request.body),
  );
};

export default paymentRoutes;
