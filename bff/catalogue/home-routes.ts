import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClubViewSchema, HomeViewSchema } from '../../shared/views/catalogue.ts';
import { readClub, readHome } from './catalogue-reads.ts';
import { CACHED_READ } from './params.ts';
import { sendCachedJson } from '../plugins/catalogue-cache.ts';
import { errorAnswers } from '../errors.ts';

/**
 * The home page in one read: banners, movies now showing, the billboard of every date,
 * releases, rooms and the popup (from the `popup` setting). Banners, releases, rooms and the
 * popup are optional parts: the page renders without them when they fail. Also the club
 * page's membership price (value + service, from the settings).
 */
const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/catalogue/home', { ...CACHED_READ, schema: { response: { 200: HomeViewSchema, ...errorAnswers(502) } } }, async (request, reply) =>
    sendCachedJson(reply, await readHome({ app, request })),
  );

  app.get('/catalogue/club', { ...CACHED_READ, schema: { response: { 200: ClubViewSchema, ...errorAnswers(502) } } }, async (request, reply) =>
    sendCachedJson(reply, await readClub({ app, request })),
  );
};

export default homeRoutes;
