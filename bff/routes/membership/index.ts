import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { membershipOffer } from '#bff/purchase/membership/membership-offer.ts';
import { buyMembership } from '#bff/purchase/membership/membership-purchase.ts';
import { perPersonRateLimit } from '#bff/purchase/common/rate-limits.ts';

/** Club Vizionarios: its offer and its purchase by card or PSE. Every route needs a session. */
const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  endpointRoute(app, 'GET /membership/offer', {
    handler: async (request) => membershipOffer(app, request),
  });

  const purchase = { config: { rateLimit: perPersonRateLimit.membership } };
  endpointRoute(app, 'POST /membership/purchase', {
    ...purchase,
    handler: async (request) => buyMembership(app, request, request.body),
  });
  endpointRoute(app, 'POST /membership/purchase/pse', {
    ...purchase,
    handler: async (request) => buyMembership(app, request, request.body),
  });
};

export default membershipRoutes;
