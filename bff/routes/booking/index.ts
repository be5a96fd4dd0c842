import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { sendBookingView } from '#bff/purchase/booking/booking-view.ts';
import { toHoldView } from '#bff/purchase/common/hold.ts';
import { cancelHold, keepHold } from '#bff/purchase/booking/hold-presence.ts';
import { perPersonRateLimit } from '#bff/purchase/common/rate-limits.ts';
import { reserveSeats } from '#bff/purchase/booking/reserve.ts';
import { openSeatStream } from '#bff/purchase/booking/seat-stream.ts';

/**
 * The purchase screen's data, its live seats and the seat hold. Every route needs a session:
 * prices depend on the person's membership and the hold is theirs.
 */
const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  endpointRoute(app, 'GET /booking/:showtimeId', {
    preHandler: app.waitingRoom.requirePass,
    handler: async (request, reply) => sendBookingView(app, request, reply, request.params.showtimeId),
  });

  endpointRoute(app, 'GET /booking/:showtimeId/events', {
    handler: async (request, reply) => openSeatStream(app, request, reply, request.params.showtimeId),
  });

  endpointRoute(app, 'POST /booking/:showtimeId/reserve', {
    config: { rateLimit: perPersonRateLimit.reserve },
    preHandler: app.waitingRoom.requirePass,
    handler: async (request) => {
      const hold = await reserveSeats(app, request, request.params.showtimeId, request.body);
      return { hold: toHoldView(hold) };
    },
  });

  endpointRoute(app, 'POST /booking/cancel', {
    config: { rateLimit: perPersonRateLimit.cancel },
    handler: async (request) => cancelHold(app, request, request.body),
  });

  endpointRoute(app, 'POST /booking/hold/keep', {
    config: { rateLimit: perPersonRateLimit.cancel },
    handler: async (request) => ({ kept: await keepHold(app, request, request.body.showtimeId) }),
  });
};

export default bookingRoutes;
