import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMPTY_FOOTER, readContentPage, readFooter } from '#bff/catalogue/catalogue-reads.ts';
import { CACHED_READ } from '#bff/catalogue/params.ts';
import { sendCachedJson } from '#bff/plugins/read-cache.ts';
import { endpointRoute } from '#bff/endpoint-route.ts';

/** The footer's content-page links and the content pages (`/pagina/{slug}`). Public reads. */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, 'GET /content/footer', {
    ...CACHED_READ,
    handler: async (request, reply) => {
      const footer = await readFooter({ app, request });
      return footer ? sendCachedJson(reply, footer) : EMPTY_FOOTER;
    },
  });

  endpointRoute(app, 'GET /content/pages/:slug', {
    ...CACHED_READ,
    handler: async (request) => readContentPage({ app, request }, request.params.slug),
  });
};

export default contentRoutes;
