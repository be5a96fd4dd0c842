import { z } from 'zod';

const FooterLinkViewSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
});

/**
 * `GET /bff/content/footer`: the two footer groups of content pages, in order
 * ('pie-de-pagina-1', then 'pie-de-pagina-2'). A group that could not be read is empty.
 */
export const FooterViewSchema = z.object({
  groups: z.array(
    z.object({
      type: z.string(),
      links: z.array(FooterLinkViewSchema),
    }),
  ),
});
export type FooterView = z.infer<typeof FooterViewSchema>;

/** `GET /bff/content/pages/:slug`: with an image the page uses the poster layout. */
export const ContentPageViewSchema = z.object({
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The page body, HTML from the chain's content service. */
  html: z.string(),
  image: z.string().nullable(),
});
export type ContentPageView = z.infer<typeof ContentPageViewSchema>;
