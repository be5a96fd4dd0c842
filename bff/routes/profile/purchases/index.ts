import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { readPurchase, readPurchases } from '#bff/purchase/bills/bill-reads.ts';
import { toPurchaseCards, toPurchaseDetail } from '#bff/purchase/bills/bill-views.ts';

/** "Mis compras": the person's purchases and one purchase's detail. Every route needs a session. */
const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  endpointRoute(app, 'GET /profile/purchases', {
    handler: async (request) => ({ purchases: toPurchaseCards(await readPurchases(app.upstream, request)) }),
  });

  endpointRoute(app, 'GET /profile/purchases/:id', {
    handler: async (request) => toPurchaseDetail(await readPurchase(app.upstream, request, request.params.id)),
  });
};

export default purchaseRoutes;
