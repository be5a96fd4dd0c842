import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillAnswerSchema, BillsAnswerSchema } from '../../shared/cinema-api/bills.ts';
import { PAY_METHODS } from '../../shared/cinema-api/payments.ts';
import { PurchaseDetailViewSchema, PurchasesViewSchema } from '../../shared/views/accounts.ts';
import { TicketViewSchema, TransactionViewSchema } from '../../shared/views/booking.ts';
import { ERROR_MESSAGES, errorAnswers } from '../errors.ts';
import { requireCustomer } from '../plugins/customer.ts';
import { upstreamPath } from '../plugins/upstream.ts';
import { availableWallets } from '../plugins/wallet-config.ts';
import { BillParamsSchema, readBill, ticketNotReady } from './bill-reads.ts';
import { toPurchaseCards, toPurchaseDetail, toTicketView, toTransactionView } from './bill-views.ts';

/**
 * Every read of the person's bills (purchases): "Mis compras" and a purchase's detail, the
 * ticket page with one QR image per code, and the payment status pages.
 */
const billRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  app.get(
    '/profile/purchases',
    { schema: { response: { 200: PurchasesViewSchema, ...errorAnswers(401, 502) } } },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'GET',
        path: 'profile/purchases',
        schema: BillsAnswerSchema,
        auth: true,
      });
      return { purchases: toPurchaseCards(answer.data) };
    },
  );

  app.get(
    '/profile/purchases/:id',
    {
      schema: {
        params: z.object({
          id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: ERROR_MESSAGES.invalidIdentifier }),
        }),
        response: { 200: PurchaseDetailViewSchema, ...errorAnswers(401, 404, 502) },
      },
    },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'GET',
        path: upstreamPath`profile/purchases/${request.params.id}`,
        schema: BillAnswerSchema,
        auth: true,
      });
      return toPurchaseDetail(answer.data);
    },
  );

  app.get(
    '/tickets/:bill',
    { schema: { params: BillParamsSchema, response: { 200: TicketViewSchema, ...errorAnswers(401, 404, 409, 502) } } },
    async (request) => {
      const bill = await readBill(app, request, request.params.bill);
      const ticket = await toTicketView(bill, bill.codes, availableWallets(app.config.wallet));
      if (!ticket) throw ticketNotReady();
      return ticket;
    },
  );

  // `/estado-transaccion/{bill}`
  app.get(
    '/payments/transactions/:bill',
    { schema: { params: BillParamsSchema, response: { 200: TransactionViewSchema, ...errorAnswers(401, 404, 502) } } },
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
        response: { 200: TransactionViewSchema, ...errorAnswers(401, 404, 502) },
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

export default billRoutes;
