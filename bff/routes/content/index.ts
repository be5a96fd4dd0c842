import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentItemsAnswerSchema,
  ContentPageAnswerSchema,
  FOOTER_CONTENT_TYPES,
} from '../../../shared/cinema-api/content.ts';
import { ContentPageViewSchema, FooterViewSchema } from '../../../shared/views/content-pages.ts';
import { sanitizeHtml } from '../../catalogue/sanitize-html.ts';
import { PUBLIC_CACHE } from '../../plugins/cache-headers.ts';
import { ERROR_MESSAGES } from '../../errors.ts';
import { upstreamPath } from '../../plugins/upstream.ts';

/** The footer's content-page links and the content pages (`/pagina/{slug}`). */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/footer',
    { config: { cache: PUBLIC_CACHE }, schema: { response: { 200: FooterViewSchema } } },
    async (request) => {
      const groups = await Promise.all(
        FOOTER_CONTENT_TYPES.map(async (type) => {
          try {
            const answer = await app.upstream.call(request, {
              method: 'GET',
              path: upstreamPath`content-types/${type}/contents`,
              schema: ContentItemsAnswerSchema,
            });
            return { type, links: answer.data };
          } catch (error) {
            // The spec: a content-list failure is logged only; the footer shows what it has.
            request.log.warn({ err: error, type }, 'footer content list unavailable');
            return { type, links: [] };
          }
        }),
      );
      return { groups };
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
        response: { 200: ContentPageViewSchema },
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
