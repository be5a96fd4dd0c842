import type { FastifyInstance } from 'fastify';
import { serve } from './serve.ts';
import { PAYMENT_METHOD } from '../db/seed/marketing.ts';
import { settingNumber } from '../db/seed/settings.ts';
import { FieldErrors, notFound } from '../lib/api-error.ts';
import { bogotaTimestamp } from '#shared/format/bogota-time.ts';
import type { SandboxContext } from '../lib/context.ts';
import { idParam } from '../lib/params.ts';
import { sandboxBase } from '../lib/urls.ts';
import { CONSECUTIVE_INVALID, issueConsecutive, usableConsecutive } from '../services/consecutives.ts';
import { pricesFor } from '../services/prices.ts';
import { HOLD_SECONDS, holdSeats, releaseOwnHold, resolveSeats, roomStatus } from '../services/seat-holds.ts';
import { showtimeById, showtimeStartMs } from '../services/showtimes.ts';
import { createViews } from '../services/views.ts';

export function registerBookingRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const showtimeOr404 = (id: string) => {
    const numeric = idParam(id);
    const showtime = numeric === undefined ? undefined : showtimeById(ctx.db, numeric);
    if (showtime === undefined) throw notFound('No se encontró la función.');
    return showtime;
  };

  serve(api, ctx, 'GET /score/consecutive/:theaterId', async ({ user, params }) => {
    if (params.theaterId !== '1') throw notFound('No se encontró el teatro.');
    return { data: { Secuencia: issueConsecutive(ctx.db, user.id, ctx.clock.nowMs()) } };
  });

  serve(api, ctx, 'GET /room/:showtimeId', async ({ request, params }) => {
    const showtime = showtimeOr404(params.showtimeId);
    const views = createViews(ctx, sandboxBase(ctx, request));
    const movie = ctx.catalogue.movieById.get(showtime.movie_id);
    const room = ctx.catalogue.roomById.get(showtime.room_id);
    if (movie === undefined || room === undefined) throw notFound('No se encontró la función.');
    return {
      data: {
        showtime: views.showtime(showtime),
        movie: views.bookingMovie(movie),
        room: views.room(room),
        prices: pricesFor(ctx, showtime),
        layout: ctx.catalogue.layouts.get(room.id) ?? [],
        payment_method: PAYMENT_METHOD,
      },
    };
  });

  serve(api, ctx, 'GET /room/:showtimeId/status', async ({ user, params, query }) => {
    const showtime = showtimeOr404(params.showtimeId);
    const consecutive = query.score_consecutive;
    const viewer =
      user === undefined
        ? undefined
        : {
            userId: user.id,
            consecutive: consecutive === undefined || consecutive === '' ? undefined : Number(consecutive),
          };
    return { data: roomStatus(ctx, showtime, viewer) };
  });

  serve(api, ctx, 'POST /reserve/:showtimeId', async ({ user, params, payload: read }) => {
    const showtime = showtimeOr404(params.showtimeId);
    const payload = read();
    const errors = new FieldErrors();
    if (usableConsecutive(ctx.db, payload.score_consecutive, user.id) === undefined) {
      errors.add('score_consecutive', CONSECUTIVE_INVALID);
    }
    if (ctx.clock.nowMs() >= showtimeStartMs(showtime)) {
      errors.add('showtime', 'No es posible reservar asientos en funciones en curso.');
    }
    const maximum = settingNumber('maximo_entradas');
    if (payload.seats.length > maximum) errors.add('seats', `Solo puedes seleccionar ${maximum} asientos.`);
    const seats = resolveSeats(ctx, showtime, user, payload.seats, errors);
    errors.throwIfAny();
    const expiresAt = holdSeats(ctx, showtime.id, user, payload.score_consecutive, seats);
    return {
      message: 'Sillas reservadas correctamente.',
      data: {
        showtime_id: showtime.id,
        score_consecutive: payload.score_consecutive,
        seats: seats.map((seat) => seat.label),
        expires_at: bogotaTimestamp(expiresAt),
        hold_seconds: HOLD_SECONDS,
      },
    };
  });

  serve(api, ctx, 'POST /reserve/cancel/:showtimeId', async ({ user, params, payload: read }) => {
    const showtime = showtimeOr404(params.showtimeId);
    const payload = read();
    const released = releaseOwnHold(ctx.db, showtime.id, user.id, payload.score_consecutive);
    return { message: 'Reserva cancelada.', data: { released } };
  });
}
