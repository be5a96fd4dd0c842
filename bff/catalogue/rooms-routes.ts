import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RoomDetailViewSchema, RoomsViewSchema } from '../../shared/views/catalogue.ts';
import { readRoomDetail, readRooms } from './catalogue-reads.ts';
import { CACHED_READ } from './params.ts';
import { SlugSchema } from '../../shared/contract/params.ts';
import { sendCachedJson } from '../plugins/catalogue-cache.ts';
import { errorAnswers } from '../errors.ts';

/** The rooms and a room's page with its showtimes by date. */
const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalogue/rooms',
    { ...CACHED_READ, schema: { response: { 200: RoomsViewSchema, ...errorAnswers(502) } } },
    async (request, reply) => sendCachedJson(reply, await readRooms({ app, request })),
  );

  app.get(
    '/catalogue/rooms/:slug',
    {
      ...CACHED_READ,
      schema: {
        params: z.object({ slug: SlugSchema }),
        response: { 200: RoomDetailViewSchema, ...errorAnswers(404, 502) },
      },
    },
    async (request, reply) => sendCachedJson(reply, await readRoomDetail({ app, request }, request.params.slug)),
  );
};

export default roomRoutes;
