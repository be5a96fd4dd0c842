import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentItemsAnswerSchema,
  ContentPageAnswerSchema,
  FOOTER_CONTENT_TYPES,
} from '../../shared/cinema-api/content.ts';
import { ContentPageViewSchema, FooterViewSchema } from '../../shared/views/content-pages.ts';
import { sanitizeHtml } from './sanitize-html.ts';
import { PUBLIC_CACHE } from '../plugins/cache-headers.ts';
import { sendCachedJson } from '../plugins/catalogue-cache.ts';
import { ERROR_MESSAGES, errorAnswers } from '../errors.ts';
import { upstreamPath } from '../plugins/upstream.ts';

/** The footer's content-page links and the content pages (`/pagina/{slug}`). */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/footer',
    { config: { cache: PUBLIC_CACHE }, schema: { response: { 200: FooterViewSchema } } },
    async (request, reply) => {
      const loadGroup = async (type: (typeof FOOTER_CONTENT_TYPES)[number]) => {
        const answer = await app.upstream.call(request, {
          method: 'GET',
          path: upstreamPath`content-types/${type}/contents`,
          schema: ContentItemsAnswerSchema,
        });
        return { type, links: answer.data };
      };
      try {
        // Every page shows the footer: it is a catalogue read, kept and served stale like one.
        const read = await app.catalogueCache.read('footer', async () =>
          FooterViewSchema.parse({ groups: await Promise.all(FOOTER_CONTENT_TYPES.map(loadGroup)) }),
        );
        return sendCachedJson(reply, read);
      } catch (error) {
        // The spec: a content-list failure is logged only; the footer shows its fixed links.
        request.log.warn({ err: error }, 'footer content lists unavailable');
        return { groups: FOOTER_CONTENT_TYPES.map((type) => ({ type, links: [] })) };
      }
    },
  );

  app.get(
    '/content/pages/:slug',
    {
      config: { cache: PUBLIC_CACHE },
      schema: {
        params: z.object({
          slug: z.string().regex(/^[A-Za-z0-9-]{1,120}$/, { error: ERROR_MESSAGES.invalidIdentifier }),
        }),
        response: { 200: ContentPageViewSchema, ...errorAnswers(404, 502) },
      },
    },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'GET',
        path: upstreamPath`contents/slug/${request.params.slug}`,
        schema: ContentPageAnswerSchema,
      });
      const page = answer.data;
      return {
        slug: page.slug,
        title: page.title,
        subtitle: page.subtitle,
        html: sanitizeHtml(page.content),
        image: page.image,
      };
    },
  );
};

export default contentRoutes;
