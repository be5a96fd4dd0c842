import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReleasesViewSchema } from '../../shared/views/catalogue.ts';
import { readReleases } from './catalogue-reads.ts';
import { CACHED_READ } from './params.ts';
import { sendCachedJson } from '../plugins/catalogue-cache.ts';
import { errorAnswers } from '../errors.ts';

/** Upcoming releases, each marked `presale` when its type is 'Preventa'. */
const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/catalogue/releases', { ...CACHED_READ, schema: { response: { 200: ReleasesViewSchema, ...errorAnswers(502) } } }, async (request, reply) =>
    sendCachedJson(reply, await readReleases({ app, request })),
  );
};

export default releaseRoutes;
