import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DatesAnswerSchema, MoviesAnswerSchema } from '../../shared/cinema-api/catalogue.ts';
import { isIsoCalendarDate } from '../../shared/validation/fields.ts';
import { MESSAGES } from '../../shared/validation/messages.ts';
import { BillboardViewSchema, type BillboardView } from '../../shared/views/billboard.ts';
import { toMovieCard } from './movie-card.ts';
import { groupShowtimes, toDateOptions } from './showtime-views.ts';
import { PUBLIC_CACHE } from '../plugins/cache-headers.ts';
import { sendCachedJson } from '../plugins/catalogue-cache.ts';

const THEATER = 'viziona';

/**
 * `GET /bff/catalogue/billboard?date=YYYY-MM-DD`: the billboard of one day, ready to render
 * (the home page's billboard and the date picker). Without a date: the first day available.
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  async function loadBillboard(request: FastifyRequest, requestedDate: string | undefined): Promise<BillboardView> {
    const datesAnswer = await app.upstream.call(request, {
      method: 'GET',
      path: 'dates/viziona',
      schema: DatesAnswerSchema,
    });
    const dates = toDateOptions(datesAnswer.data.dates);
    const date = requestedDate ?? dates[0]?.date ?? null;
    if (date === null) return { theater: THEATER, date, dates, movies: [] };

    const moviesAnswer = await app.upstream.call(request, {
      method: 'GET',
      path: 'movies/theater/viziona/showtimes',
      query: { date },
      schema: MoviesAnswerSchema,
    });
    const movies = moviesAnswer.data
      .map((movie) => ({
        movie,
        showtimes: movie.showtimes.filter((showtime) => showtime.function_date === date),
      }))
      .filter(({ showtimes }) => showtimes.length > 0)
      .map(({ movie, showtimes }) => ({ ...toMovieCard(movie), groups: groupShowtimes(showtimes) }));
    return { theater: THEATER, date, dates, movies };
  }

  app.get(
    '/catalogue/billboard',
    {
      config: { cache: PUBLIC_CACHE },
      schema: {
        querystring: z.object({
          date: z
            .string()
            .refine(isIsoCalendarDate, { error: MESSAGES.dateInvalid })
            .optional(),
        }),
        response: { 200: BillboardViewSchema },
      },
    },
    // Served from the catalogue cache (fresh 5 min, kept 30, stale when the upstream fails).
    async (request, reply) => {
      const key = `billboard-day:${THEATER}:${request.query.date ?? 'first'}`;
      const read = await app.catalogueCache.read(key, async () => BillboardViewSchema.parse(await loadBillboard(request, request.query.date)));
      return sendCachedJson(reply, read);
    },
  );
};

export default catalogueRoutes;
