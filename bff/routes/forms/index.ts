import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { relayServiceForm } from '#bff/forms/relay-submission.ts';
import { ETHICS_FORM, PQR_FORM } from '#bff/forms/service-forms.ts';
import { PUBLIC_CACHE } from '#bff/plugins/cache-headers.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';

/**
 * The service forms: the PQR (/contactanos) and the ethics report (/linea-etica), relayed to
 * the cinema API as streams (bff/forms/), and the configured ethics-line address. Multipart
 * parsing is enabled in this folder's scope only: no other BFF route accepts it.
 */

/** Per client address; a person sends a handful, a script hits the wall fast. */
const FORM_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 } as const;

const formRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasRequestDecorator('parts')) {
    // The real limits are set per form on each request; these only bound a stray caller.
    await app.register(fastifyMultipart, { limits: { fileSize: 0, files: 0, fields: 0, parts: 0 } });
  }

  endpointRoute(app, 'GET /forms/ethics-line', {
    config: { cache: PUBLIC_CACHE },
    handler: async () => ({ email: app.config.ethicsLineEmail }),
  });

  endpointRoute(app, 'POST /forms/pqr', {
    config: { rateLimit: FORM_RATE_LIMIT },
    handler: async (request, reply) => reply.code(201).send(await relayServiceForm(app, request, PQR_FORM)),
  });

  endpointRoute(app, 'POST /forms/ethics', {
    config: { rateLimit: FORM_RATE_LIMIT },
    handler: async (request, reply) => reply.code(201).send(await relayServiceForm(app, request, ETHICS_FORM)),
  });
};

export default formRoutes;
