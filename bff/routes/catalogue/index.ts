import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DatesAnswerSchema, MoviesAnswerSchema } from '../../../shared/cinema-api/catalogue.ts';
import { isIsoCalendarDate } from '../../../shared/validation/fields.ts';
import { MESSAGES } from '../../../shared/validation/messages.ts';
import { BillboardViewSchema } from '../../../shared/views/billboard.ts';
import { toMovieCard } from '../../catalogue/movie-card.ts';
import { groupShowtimes, toDateOptions } from '../../catalogue/showtime-views.ts';
import { PUBLIC_CACHE } from '../../plugins/cache-headers.ts';

const THEATER = 'viziona';

/**
 * `GET /bff/catalogue/billboard?date=YYYY-MM-DD`: the billboard of one day, ready to render
 * (the home page's billboard and the date picker). Without a date: the first day available.
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const datesAnswer = await app.upstream.call(request, {
        method: 'GET',
        path: 'dates/viziona',
        schema: DatesAnswerSchema,
      });
      const dates = toDateOptions(datesAnswer.data.dates);
      const date = request.query.date ?? dates[0]?.date ?? null;
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
    },
  );
};

export default catalogueRoutes;
