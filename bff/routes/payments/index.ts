import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { readBanks } from '#bff/payments/banks.ts';
import { readPayStatus, readTransaction } from '#bff/purchase/bills/bill-reads.ts';
import { toTransactionView } from '#bff/purchase/bills/bill-views.ts';
import { ticketProduct } from '#bff/purchase/payments/ticket-sale.ts';

/**
 * The PSE banks, the ticket payments and a payment's outcome afterwards (the status pages).
 * Every route needs a session; a payment goes through the showtime's waiting room and is sold
 * by the payments floor (`app.payments.sell`), which announces a sale that went through.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  endpointRoute(app, 'GET /payments/banks', {
    handler: async (request) => readBanks(app.payments.sources, request),
  });

  const tickets = ticketProduct(app);
  endpointRoute(app, 'POST /payments/card', {
    ...app.payments.routeOptions(tickets.metricKind.card),
    preHandler: app.waitingRoom.requirePass,
    handler: async (request, reply) => app.payments.sell(tickets, request, reply, request.body),
  });
  endpointRoute(app, 'POST /payments/pse', {
    ...app.payments.routeOptions(tickets.metricKind.pse),
    preHandler: app.waitingRoom.requirePass,
    handler: async (request, reply) => app.payments.sell(tickets, request, reply, request.body),
  });

  // `/estado-transaccion/{bill}`
  endpointRoute(app, 'GET /payments/transactions/:bill', {
    handler: async (request) => toTransactionView(await readTransaction(app.upstream, request, request.params.bill)),
  });

  // `/pay-status/{type}/{bill}`: type is the bill's pay method.
  endpointRoute(app, 'GET /payments/status/:method/:bill', {
    handler: async (request) =>
      toTransactionView(await readPayStatus(app.upstream, request, request.params.method, request.params.bill)),
  });
};

export default paymentRoutes;
