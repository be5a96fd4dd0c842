import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CorporateViewSchema } from '../../../shared/views/catalogue.ts';
import { readCorporate } from '../../catalogue/catalogue-reads.ts';
import { PUBLIC_CACHE } from '../../plugins/cache-headers.ts';
import { sendCachedJson } from '../../plugins/catalogue-cache.ts';

/** The corporate page: introduction, five sections (content by slug or fixed texts) and the gallery. */
const corporateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/catalogue/corporate', { config: { cache: PUBLIC_CACHE }, schema: { response: { 200: CorporateViewSchema } } }, async (request, reply) =>
    sendCachedJson(reply, await readCorporate({ app, request })),
  );
};

export default corporateRoutes;
