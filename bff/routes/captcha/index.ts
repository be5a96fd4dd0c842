import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';

/** A challenge costs the BFF one HMAC; a person needs one per form sent. */
const CHALLENGE_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * The proof-of-work challenge of the captcha widget (registration, PQR, ethics report, card
 * payment, the waiting room), new every time and never cached. The captcha itself, making and
 * verifying challenges, is infrastructure every form leans on: bff/plugins/captcha.ts.
 */
const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /captcha/challenge', {
    config: { rateLimit: CHALLENGE_RATE_LIMIT },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.captchaChallenge();
    },
  });
};

export default captchaRoutes;
