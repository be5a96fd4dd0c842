import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { readPayStatus, readTransaction } from '#bff/purchase/bills/bill-reads.ts';
import { toTransactionView } from '#bff/purchase/bills/bill-views.ts';
import { readBanks } from '#bff/purchase/payments/banks.ts';
import { perPersonRateLimit } from '#bff/purchase/common/rate-limits.ts';
import { payTickets } from '#bff/purchase/payments/ticket-payment.ts';

/**
 * The PSE banks, the ticket payments and a payment's outcome afterwards (the status pages).
 * Every route needs a session; a payment goes through the showtime's waiting room, and a sale
 * ends the person's pass.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  endpointRoute(app, 'GET /payments/banks', {
    handler: async (request) => readBanks(app, request),
  });

  const payment = {
    config: { rateLimit: perPersonRateLimit.payment },
    preHandler: app.waitingRoom.requirePass,
    onSend: app.waitingRoom.endPassOnSale,
  };
  endpointRoute(app, 'POST /payments/card', {
    ...payment,
    handler: async (request) => payTickets(app, request, request.body),
  });
  endpointRoute(app, 'POST /payments/pse', {
    ...payment,
    handler: async (request) => payTickets(app, request, request.body),
  });

  // `/estado-transaccion/{bill}`
  endpointRoute(app, 'GET /payments/transactions/:bill', {
    handler: async (request) => toTransactionView(await readTransaction(app, request, request.params.bill)),
  });

  // `/pay-status/{type}/{bill}`: type is the bill's pay method.
  endpointRoute(app, 'GET /payments/status/:method/:bill', {
    handler: async (request) =>
      toTransactionView(await readPayStatus(app, request, request.params.method, request.params.bill)),
  });
};

export default paymentRoutes;
