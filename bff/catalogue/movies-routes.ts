import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillboardWeekViewSchema, MovieDetailViewSchema, NowShowingViewSchema } from '../../shared/views/catalogue.ts';
import { readBillboardWeek, readMovieDetail, readNowShowing } from './catalogue-reads.ts';
import { CACHED_READ, SlugSchema } from './params.ts';
import { sendCachedJson } from '../plugins/catalogue-cache.ts';
import { errorAnswers } from '../errors.ts';

/**
 * Movies: now showing (carousels), the billboard of every date (date pickers switch without
 * a request) and a movie's page. Public reads, served from the catalogue cache.
 */
const movieRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/catalogue/movies', { ...CACHED_READ, schema: { response: { 200: NowShowingViewSchema, ...errorAnswers(502) } } }, async (request, reply) =>
    sendCachedJson(reply, await readNowShowing({ app, request })),
  );

  app.get('/catalogue/movies/week', { ...CACHED_READ, schema: { response: { 200: BillboardWeekViewSchema, ...errorAnswers(502) } } }, async (request, reply) =>
    sendCachedJson(reply, await readBillboardWeek({ app, request })),
  );

  app.get(
    '/catalogue/movies/:theater/:slug',
    {
      ...CACHED_READ,
      schema: {
        params: z.object({ theater: SlugSchema, slug: SlugSchema }),
        response: { 200: MovieDetailViewSchema, ...errorAnswers(404, 502) },
      },
    },
    async (request, reply) => sendCachedJson(reply, await readMovieDetail({ app, request }, request.params.theater, request.params.slug)),
  );
};

export default movieRoutes;
