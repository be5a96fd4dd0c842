import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { membershipOffer } from '#bff/membership/membership-offer.ts';
import { membershipProduct } from '#bff/membership/membership-sale.ts';

/** Club Vizionarios: its offer and its sale by card or PSE (the payments floor). Every route needs a session. */
const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  // What the membership needs of the rest of the BFF, given once (it never reads the app).
  const needs = {
    settings: app.settings,
    membership: app.membership,
    upstream: app.upstream,
    paymentSources: app.payments.sources,
    bookingSources: app.booking.sources,
  };
  endpointRoute(app, 'GET /membership/offer', {
    handler: async (request) => membershipOffer(needs, request),
  });

  const membership = membershipProduct(needs);
  endpointRoute(app, 'POST /membership/purchase', {
    ...app.payments.routeOptions(membership.metricKind.card),
    handler: async (request, reply) => app.payments.sell(membership, request, reply, request.body),
  });
  endpointRoute(app, 'POST /membership/purchase/pse', {
    ...app.payments.routeOptions(membership.metricKind.pse),
    handler: async (request, reply) => app.payments.sell(membership, request, reply, request.body),
  });
};

export default membershipRoutes;
