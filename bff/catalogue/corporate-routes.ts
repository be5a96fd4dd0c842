import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CorporateViewSchema } from '../../shared/views/catalogue.ts';
import { readCorporate } from './catalogue-reads.ts';
import { CACHED_READ } from './params.ts';
import { sendCachedJson } from '../plugins/catalogue-cache.ts';
import { errorAnswers } from '../errors.ts';

/** The corporate page: introduction, five sections (content by slug or fixed texts) and the gallery. */
const corporateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/catalogue/corporate', { ...CACHED_READ, schema: { response: { 200: CorporateViewSchema, ...errorAnswers(502) } } }, async (request, reply) =>
    sendCachedJson(reply, await readCorporate({ app, request })),
  );
};

export default corporateRoutes;
