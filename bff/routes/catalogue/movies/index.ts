import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readBillboardWeek, readMovieDetail, readNowShowing } from '#bff/catalogue/catalogue-reads.ts';
import { CACHED_READ } from '#bff/catalogue/params.ts';
import { sendCachedJson } from '#bff/plugins/read-cache.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';

/**
 * Movies: now showing (carousels), the billboard of every date (date pickers switch without
 * a request) and a movie's page. Public reads, served from the catalogue cache.
 */
const movieRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /catalogue/movies', {
    ...CACHED_READ,
    handler: async (request, reply) => sendCachedJson(reply, await readNowShowing({ app, request })),
  });

  endpointRoute(app, 'GET /catalogue/movies/week', {
    ...CACHED_READ,
    handler: async (request, reply) => sendCachedJson(reply, await readBillboardWeek({ app, request })),
  });

  endpointRoute(app, 'GET /catalogue/movies/:theater/:slug', {
    ...CACHED_READ,
    handler: async (request, reply) =>
      sendCachedJson(reply, await readMovieDetail({ app, request }, request.params.theater, request.params.slug)),
  });
};

export default movieRoutes;
