import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfectioneriesViewSchema } from '../../shared/views/catalogue.ts';
import { readConfectionery } from './catalogue-reads.ts';
import { CACHED_READ } from './params.ts';
import { sendCachedJson } from '../plugins/catalogue-cache.ts';
import { errorAnswers } from '../errors.ts';

/** The confectionery page's products ("aval" products left out). */
const confectioneryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/catalogue/confectionery', { ...CACHED_READ, schema: { response: { 200: ConfectioneriesViewSchema, ...errorAnswers(502) } } }, async (request, reply) =>
    sendCachedJson(reply, await readConfectionery({ app, request })),
  );
};

export default confectioneryRoutes;
