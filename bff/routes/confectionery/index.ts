import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfectioneriesViewSchema } from '../../../shared/views/catalogue.ts';
import { readConfectionery } from '../../catalogue/catalogue-reads.ts';
import { PUBLIC_CACHE } from '../../plugins/cache-headers.ts';
import { sendCachedJson } from '../../plugins/catalogue-cache.ts';

/** The confectionery page's products ("aval" products left out). */
const confectioneryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/catalogue/confectionery', { config: { cache: PUBLIC_CACHE }, schema: { response: { 200: ConfectioneriesViewSchema } } }, async (request, reply) =>
    sendCachedJson(reply, await readConfectionery({ app, request })),
  );
};

export default confectioneryRoutes;
