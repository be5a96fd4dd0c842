import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CACHED_READ } from '#bff/catalogue/params.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';
import { sendCachedJson } from '#bff/plugins/read-cache.ts';
import { readSearchIndex } from '#bff/search/search-index.ts';

/** The movie search's index: public, the same for everybody, served from the catalogue cache. */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /search/movies', {
    ...CACHED_READ,
    handler: async (request, reply) => sendCachedJson(reply, await readSearchIndex({ app, request })),
  });
};

export default searchRoutes;
