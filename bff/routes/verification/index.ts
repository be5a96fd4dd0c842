import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendVerificationCode, validateVerificationCode } from '#bff/accounts/verification.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { RATE_LIMITS } from '#bff/plugins/rate-limit.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';

/** E-mail verification of the logged-in user (bff/accounts/verification.ts). Every route needs a session. */
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  endpointRoute(app, 'POST /verification/send', {
    config: { rateLimit: RATE_LIMITS.verificationSend },
    handler: async (request) => {
      await sendVerificationCode(app, request);
      return { sent: true as const };
    },
  });

  endpointRoute(app, 'POST /verification/validate', {
    config: { rateLimit: RATE_LIMITS.verificationValidate },
    handler: async (request) => validateVerificationCode(app, request, request.body.code),
  });
};

export default verificationRoutes;
