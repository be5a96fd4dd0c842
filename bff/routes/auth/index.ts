import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logIn, logOut, register, resetPassword, sendResetMail } from '#bff/accounts/auth.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { RATE_LIMITS } from '#bff/plugins/rate-limit.ts';

/** Log-in, registration, log-out, password recovery and reset (bff/accounts/auth.ts). */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'POST /auth/login', {
    config: { rateLimit: RATE_LIMITS.login },
    handler: async (request) => logIn(app, request, request.body),
  });

  endpointRoute(app, 'POST /auth/register', {
    config: { rateLimit: RATE_LIMITS.register },
    handler: async (request, reply) => reply.code(201).send(await register(app, request, request.body)),
  });

  endpointRoute(app, 'POST /auth/logout', {
    handler: async (request) => {
      await logOut(app, request);
      return { ok: true as const };
    },
  });

  endpointRoute(app, 'POST /auth/forgot', {
    config: { rateLimit: RATE_LIMITS.forgotPassword },
    handler: async (request) => {
      await sendResetMail(app, request, request.body);
      return { ok: true as const };
    },
  });

  endpointRoute(app, 'POST /auth/reset/:code', {
    config: { rateLimit: RATE_LIMITS.resetPassword },
    handler: async (request) => {
      await resetPassword(app, request, request.params.code, request.body);
      return { ok: true as const };
    },
  });
};

export default authRoutes;
