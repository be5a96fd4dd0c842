import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertsOf, askAlert, cancelAlert } from '#bff/alerts/person-alerts.ts';
import { PUBLIC_CACHE } from '#bff/plugins/cache-headers.ts';
import { PERSONAL_CHANGE_LIMIT } from '#bff/plugins/rate-limit.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';

/**
 * "Avísame": whether alerts can be asked (public, cached like the catalogue), and the logged-in
 * person's alerts. The personal routes are behind `requireCustomer`; POST and DELETE pass the
 * same-origin check every state change does.
 */
const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /alerts/availability', {
    config: { cache: PUBLIC_CACHE },
    handler: async () => ({ enabled: app.alerts.enabled }),
  });

  endpointRoute(app, 'GET /alerts', {
    onRequest: requireCustomer,
    handler: async (request) => alertsOf(app, request),
  });

  endpointRoute(app, 'POST /alerts', {
    onRequest: requireCustomer,
    config: { rateLimit: PERSONAL_CHANGE_LIMIT },
    handler: async (request) => askAlert(app, request, request.body.movie),
  });

  endpointRoute(app, 'DELETE /alerts/:movie', {
    onRequest: requireCustomer,
    config: { rateLimit: PERSONAL_CHANGE_LIMIT },
    handler: async (request) => cancelAlert(app, request, request.params.movie),
  });
};

export default alertRoutes;
