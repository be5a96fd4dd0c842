import type { FastifyInstance } from 'fastify';
import { bogotaDate } from '#shared/format/bogota-time.ts';
import { run } from '#sandbox/db/database.ts';
import { addDays, timeFromMinutes } from '#sandbox/lib/calendar.ts';
import { ApiError, notFound } from '#sandbox/lib/api-error.ts';
import type { SandboxContext } from '#sandbox/lib/context.ts';

/**
 * Programmes a movie: one showtime tomorrow (on the sandbox clock) in the first room, late in
 * the evening at the first hour no other showtime of the room takes, as the cinema does when a
 * release's tickets go on sale. A release that had no showtimes has one now ("Avísame" tests).
 * Answers the new showtime's id, date and hour.
 */
export function registerScheduleRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Params: { slug: string } }>('/movies/:slug/showtimes', async (request) => {
    const movie = ctx.catalogue.movies.find((candidate) => candidate.slug === request.params.slug);
    const room = ctx.catalogue.rooms[0];
    if (!movie || !room) throw notFound('Película no encontrada.');
    const date = addDays(bogotaDate(ctx.clock.now()), 1);
    for (let minutes = 23 * 60 + 55; minutes >= 22 * 60; minutes -= 5) {
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
      if (inserted.changes === 1) return { id: inserted.lastId, date, hour };
    }
    throw new ApiError(409, { message: 'No queda una hora libre en la sala mañana.' });
  });
}
