import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { admissionOf, joinQueue, statusOf } from '#bff/waiting-room/queue.ts';

const minutes = (n: number): number => n * 60_000;

/**
 * The presale waiting room as the browser and the edge see it (bff/waiting-room/queue.ts;
 * decisions: bff/decisions/waiting-room.md). Personal answers (`private, no-store`): a
 * person's place lives in their cookies and the shared store, never in a cached page. The
 * operators' routes are on the operations port (bff/waiting-room/operators/).
 */
const waitingRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /waiting-room/showtimes/:showtimeId/admission', {
    handler: async (request, reply) => {
      const admission = await admissionOf(app, request, reply, request.params.showtimeId);
      if (admission.go) return reply.code(204).send(null);
      reply.header('retry-after', String(admission.retryAfterSeconds));
      // Answered, not thrown: the crowd's every arrival ends here, and an error's stack and
      // Fastify's error path cost more than the answer itself.
      return reply.code(403).send(admission.refusal);
    },
  });

  endpointRoute(app, 'GET /waiting-room/showtimes/:showtimeId/status', {
    handler: async (request, reply) => statusOf(app, request, reply, request.params.showtimeId),
  });

  endpointRoute(app, 'POST /waiting-room/showtimes/:showtimeId/join', {
    config: { rateLimit: { max: 60, timeWindow: minutes(1) } },
    handler: async (request, reply) => joinQueue(app, request, reply, request.params.showtimeId, request.body.captcha),
  });
};

export default waitingRoomRoutes;
