import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readMembershipStatus, readProfile, saveProfile } from '#bff/accounts/profile.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { PERSONAL_CHANGE_LIMIT } from '#bff/plugins/rate-limit.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';

/** The logged-in user's profile and membership (bff/accounts/profile.ts). Every route needs a session. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  endpointRoute(app, 'GET /profile', { handler: async (request) => readProfile(app, request) });

  endpointRoute(app, 'PUT /profile', {
    config: { rateLimit: PERSONAL_CHANGE_LIMIT },
    handler: async (request) => saveProfile(app, request, request.body),
  });

  endpointRoute(app, 'GET /profile/membership', { handler: async (request) => readMembershipStatus(app, request) });
};

export default profileRoutes;
