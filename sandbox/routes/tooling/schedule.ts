import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bogotaDate } from '#shared/format/bogota-time.ts';
import { run } from '#sandbox/db/database.ts';
import { BIG_ROOMS, type RoomSeed } from '#sandbox/db/seed/rooms.ts';
import { addDays, timeFromMinutes } from '#sandbox/lib/calendar.ts';
import { ApiError, notFound } from '#sandbox/lib/api-error.ts';
import type { SandboxContext } from '#sandbox/lib/context.ts';
import { parsePayload } from '#sandbox/lib/validation.ts';

/** The room sizes a showtime can be asked for: Sala 1 and the two big rooms (seats, aisles excluded). */
const seatsOf = (room: RoomSeed): number => room.rows * room.seatsPerRow;

const SIZES_TEXT = 'El campo seats debe ser 260, 520 o 1040.';

const ProgrammeSchema = z.object(
  { seats: z.union([z.literal(260), z.literal(520), z.literal(1040)], { error: SIZES_TEXT }).optional() },
  { error: 'El cuerpo debe ser un objeto JSON.' },
);

/** Free hours tried, latest first: late evening in a listed room, the whole day in a big one. */
const LATE_EVENING = { from: 23 * 60 + 55, to: 22 * 60 };
const WHOLE_DAY = { from: 23 * 60 + 55, to: 8 * 60 };

/**
 * Programmes a movie: one showtime tomorrow (on the sandbox clock), at the first hour no other
 * showtime of the room takes, as the cinema does when a release's tickets go on sale. A release
 * that had no showtimes has one now ("Avísame" tests). By default in the first room, late in the
 * evening; with `{"seats": 520}` or `{"seats": 1040}` in the big room of that size (benchmarks and
 * tests of large seat maps), `260` being the first room. Answers the new showtime's id, date,
 * hour and room.
 */
export function registerScheduleRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Params: { slug: string } }>('/movies/:slug/showtimes', async (request) => {
    const { seats } = parsePayload(ProgrammeSchema, request.body);
    const movie = ctx.catalogue.movies.find((candidate) => candidate.slug === request.params.slug);
    const first = ctx.catalogue.rooms[0];
    if (!movie || !first) throw notFound('Película no encontrada.');
    const big = seats === undefined ? undefined : BIG_ROOMS.find((room) => seatsOf(room) === seats);
    const room = big ?? first;
    const hours = big ? WHOLE_DAY : LATE_EVENING;
    const date = addDays(bogotaDate(ctx.clock.now()), 1);
    for (let minutes = hours.from; minutes >= hours.to; minutes -= 5) {
      const hour = timeFromMinutes(minutes);
      const inserted = run(
        ctx.db,
        `INSERT INTO showtimes (movie_id, room_id, function_date, function_hour, movie_format, movie_version)
         VALUES (?, ?, ?, ?, '2D', ?) ON CONFLICT DO NOTHING`,
        movie.id,
        room.id,
        date,
        hour,
        movie.versions[0] ?? 'Subtitulada',
      );
      if (inserted.changes === 1) {
        return { id: inserted.lastId, date, hour, room: { id: room.id, name: room.name, seats: seatsOf(room) } };
      }
    }
    throw new ApiError(409, { message: 'No queda una hora libre en la sala mañana.' });
  });
}
