import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { sessionView } from '#bff/plugins/session.ts';

/** `GET /bff/session`: who is logged in, from the sealed cookie alone (no upstream call). */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /session', { handler: async (request) => sessionView(request.auth) });
};

export default sessionRoutes;
