import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoomDetail, readRooms } from '#bff/catalogue/catalogue-reads.ts';
import { CACHED_READ } from '#bff/catalogue/params.ts';
import { sendCachedJson } from '#bff/plugins/read-cache.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';

/** The rooms and a room's page with its showtimes by date. Public reads, served from the catalogue cache. */
const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /catalogue/rooms', {
    ...CACHED_READ,
    handler: async (request, reply) => sendCachedJson(reply, await readRooms({ app, request })),
  });

  endpointRoute(app, 'GET /catalogue/rooms/:slug', {
    ...CACHED_READ,
    handler: async (request, reply) =>
      sendCachedJson(reply, await readRoomDetail({ app, request }, request.params.slug)),
  });
};

export default roomRoutes;
