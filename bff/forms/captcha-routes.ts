import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CaptchaChallengeSchema } from '../plugins/captcha.ts';

/** A challenge costs the BFF one HMAC; a person needs one per form sent. */
const CHALLENGE_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * `GET /bff/captcha/challenge`: the proof-of-work challenge of the forms' captcha widget
 * (registration, PQR, ethics report, card payment), new every time and never cached.
 */
const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captcha/challenge',
    { config: { rateLimit: CHALLENGE_RATE_LIMIT }, schema: { response: { 200: CaptchaChallengeSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.captchaChallenge();
    },
  );
};

export default captchaRoutes;
