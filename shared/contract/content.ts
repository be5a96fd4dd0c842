import { z } from 'zod';
import { ContentPageViewSchema, FooterViewSchema } from '../views/content-pages.ts';
import { endpoints } from './endpoint.ts';
import { ContentSlugSchema } from './params.ts';

/** The chain's content pages and the footer's links to them. */
export const contentEndpoints = endpoints({
  'GET /content/footer': {
    description:
      "The footer's two groups of content-page links. It never fails: a group the content service cannot give is empty.",
    answer: FooterViewSchema,
    errors: [],
  },
  'GET /content/pages/:slug': {
    description: 'A content page (`/pagina/{slug}`), its HTML sanitised.',
    params: z.object({ slug: ContentSlugSchema }),
    answer: ContentPageViewSchema,
    errors: [404, 502],
  },
});
