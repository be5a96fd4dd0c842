import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingViewSchema,
  CancelBodySchema,
  CancelViewSchema,
  ReserveBodySchema,
  ReserveViewSchema,
} from '../../shared/views/booking.ts';
import { requireCustomer } from '#bff/plugins/session-guard.ts';
import { buildBookingView } from './booking-view.ts';
import { toHoldView } from './hold.ts';
import { cancelHold, keepHold } from './hold-presence.ts';
import { perPersonRateLimit } from './rate-limits.ts';
import { reserveSeats } from './reserve.ts';
import { openSeatStream } from './seat-stream.ts';
import { errorAnswers } from '../errors.ts';

const ShowtimeParamsSchema = z.object({ showtimeId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The purchase screen's data and the seat hold. Every route needs a session: prices depend on
 * the person's membership and the hold is theirs.
 */
const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireCustomer);

  app.get(
    '/booking/:showtimeId',
    {
      preHandler: app.waitingRoom.requirePass,
      schema: { params: ShowtimeParamsSchema, response: { 200: BookingViewSchema, ...errorAnswers(401, 404, 502) } },
    },
    async (request) => buildBookingView(app, request, request.params.showtimeId),
  );

  app.get(
    '/booking/:showtimeId/events',
    {
      schema: {
        params: ShowtimeParamsSchema,
        response: {
          200: {
            description:
              "Server-sent events: `seats` (a SeatStatesEvent: the room as it is now) and `hold` (a HoldEvent: the person's hold as this page sees it), every time they change.",
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorAnswers(401, 404, 429, 502),
        },
      },
    },
    async (request, reply) => openSeatStream(app, request, reply, request.params.showtimeId),
  );

  app.post(
    '/booking/:showtimeId/reserve',
    {
      config: { rateLimit: perPersonRateLimit.reserve },
      preHandler: app.waitingRoom.requirePass,
      schema: {
        params: ShowtimeParamsSchema,
        body: ReserveBodySchema,
        response: { 200: ReserveViewSchema, ...errorAnswers(401, 409, 502) },
      },
    },
    async (request) => {
      const hold = await reserveSeats(app, request, request.params.showtimeId, request.body);
      return { hold: toHoldView(hold) };
    },
  );

  app.post(
    '/booking/cancel',
    {
      config: { rateLimit: perPersonRateLimit.cancel },
      schema: {
        body: CancelBodySchema.default({ leaving: false }),
        response: { 200: CancelViewSchema, ...errorAnswers(401) },
      },
    },
    async (request) => cancelHold(app, request, request.body),
  );

  app.post(
    '/booking/hold/keep',
    {
      config: { rateLimit: perPersonRateLimit.cancel },
      schema: {
        body: z.object({ showtimeId: z.int().positive() }),
        response: { 200: z.object({ kept: z.boolean() }), ...errorAnswers(401) },
      },
    },
    async (request) => ({ kept: await keepHold(app, request, request.body.showtimeId) }),
  );
};

export default bookingRoutes;
