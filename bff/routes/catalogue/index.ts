import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readClub, readConfectionery, readCorporate, readHome, readReleases } from '#bff/catalogue/catalogue-reads.ts';
import { CACHED_READ } from '#bff/catalogue/params.ts';
import { sendCachedJson } from '#bff/plugins/read-cache.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';

/**
 * The catalogue's pages in one read each: home, releases, confectionery, corporate and the
 * club's price. Public reads, served from the catalogue cache. Movies and rooms have their
 * own folders.
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /catalogue/home', {
    ...CACHED_READ,
    handler: async (request, reply) => sendCachedJson(reply, await readHome({ app, request })),
  });

  endpointRoute(app, 'GET /catalogue/releases', {
    ...CACHED_READ,
    handler: async (request, reply) => sendCachedJson(reply, await readReleases({ app, request })),
  });

  endpointRoute(app, 'GET /catalogue/confectionery', {
    ...CACHED_READ,
    handler: async (request, reply) => sendCachedJson(reply, await readConfectionery({ app, request })),
  });

  endpointRoute(app, 'GET /catalogue/corporate', {
    ...CACHED_READ,
    handler: async (request, reply) => sendCachedJson(reply, await readCorporate({ app, request })),
  });

  endpointRoute(app, 'GET /catalogue/club', {
    ...CACHED_READ,
    handler: async (request, reply) => sendCachedJson(reply, await readClub({ app, request })),
  });
};

export default catalogueRoutes;
