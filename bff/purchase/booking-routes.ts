import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingViewSchema,
  CancelBodySchema,
  CancelViewSchema,
  ReserveBodySchema,
  ReserveViewSchema,
} from '../../shared/views/booking.ts';
import { buildBookingView } from './booking-view.ts';
import { readLiveHold, toHoldView } from './hold.ts';
import { followHold, keepHold, leaveHold } from './hold-presence.ts';
import { releaseHold, reserveSeats } from './reserve.ts';
import { BffError, ERROR_MESSAGES, unauthenticated } from '../errors.ts';
import { perPersonRateLimit } from './rate-limits.ts';

const ShowtimeParamsSchema = z.object({ showtimeId: z.coerce.number().int().positive().max(2_147_483_647) });

/** How often an open event stream sends a comment line, so proxies keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * The purchase screen's data and the seat hold. Every route needs a session: prices depend on
 * the person's membership and the hold is theirs.
 */
const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!request.auth) throw unauthenticated();
  });

  app.get(
    '/booking/:showtimeId',
    { schema: { params: ShowtimeParamsSchema, response: { 200: BookingViewSchema } } },
    async (request) => buildBookingView(app, request, request.params.showtimeId),
  );

  // Live seat states and the person's hold: server-sent events fed by the shared room-status
  // poll. The stream's life is tied to the socket from the first line: a client that leaves
  // while the showtime is still being read, or whose socket fails a write, leaves no watcher
  // behind.
  app.get('/booking/:showtimeId/events', { schema: { params: ShowtimeParamsSchema } }, async (request, reply) => {
    const { showtimeId } = request.params;
    const raw = reply.raw;
    const release = app.booking.streams.take(`person:${request.auth!.user.email}`, `ip:${request.ip}`);
    if (!release) throw new BffError(429, 'RATE_LIMITED', ERROR_MESSAGES.tooManyStreams);
    let open = true;
    const stops: Array<() => void> = [];
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const end = () => {
      if (!open) return;
      open = false;
      release();
      clearInterval(heartbeat);
      for (const stop of stops) stop();
      if (!raw.destroyed) raw.end();
    };
    const write = (text: string) => {
      if (!open) return;
      if (raw.destroyed || raw.writableEnded) return end();
      raw.write(text, (error) => {
        if (error) end();
      });
    };
    raw.once('close', end);
    raw.on('error', end);

    try {
      // Unknown showtimes fail here with a normal error answer, before the stream opens.
      await app.booking.sources.bookingData(request, showtimeId);
    } catch (error) {
      end();
      throw error;
    }
    if (!open || raw.destroyed || request.raw.socket?.destroyed) {
      end();
      return reply.hijack();
    }

    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    write(`retry: 3000\n\n`);
    stops.push(followHold(app, request, showtimeId, (event) => write(`event: hold\ndata: ${event}\n\n`)));
    stops.push(
      app.booking.statusHub.watch(showtimeId, {
        request,
        send: (event) => write(`event: seats\ndata: ${event}\n\n`),
        end,
      }),
    );
    if (!open) for (const stop of stops) stop();
    heartbeat = setInterval(() => write(`: ping\n\n`), HEARTBEAT_MS);
    heartbeat.unref();
  });

  app.post(
    '/booking/:showtimeId/reserve',
    {
      config: { rateLimit: perPersonRateLimit.reserve },
      schema: { params: ShowtimeParamsSchema, body: ReserveBodySchema, response: { 200: ReserveViewSchema } },
    },
    async (request) => {
      const hold = await reserveSeats(app, request, request.params.showtimeId, request.body);
      return { hold: toHoldView(hold) };
    },
  );

  app.get(
    '/booking/hold',
    { schema: { response: { 200: z.object({ hold: ReserveViewSchema.shape.hold.nullable() }) } } },
    async (request) => {
      const hold = await readLiveHold(app, request);
      return { hold: hold ? toHoldView(hold) : null };
    },
  );

  app.post(
    '/booking/cancel',
    {
      config: { rateLimit: perPersonRateLimit.cancel },
      schema: { body: CancelBodySchema.default({ leaving: false }), response: { 200: CancelViewSchema } },
    },
    async (request) => {
      const { showtimeId, leaving } = request.body;
      const hold = await readLiveHold(app, request);
      if (!hold || (showtimeId !== undefined && hold.showtimeId !== showtimeId)) return { released: false };
      if (leaving) {
        await leaveHold(app, request, hold);
        return { released: false };
      }
      return { released: await releaseHold(app, request, hold) };
    },
  );

  app.post(
    '/booking/hold/keep',
    {
      config: { rateLimit: perPersonRateLimit.cancel },
      schema: { body: z.object({ showtimeId: z.int().positive() }), response: { 200: z.object({ kept: z.boolean() }) } },
    },
    async (request) => ({ kept: await keepHold(app, request, request.body.showtimeId) }),
  );
};

export default bookingRoutes;
