import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';

/** Liveness for the front door and the launcher. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /health', { handler: async () => ({ status: 'ok' as const }) });
};

export default healthRoutes;
