import type { ContentPage } from '#shared/cinema-api/content.ts';
import type { ContentPageView } from '#shared/views/content-pages.ts';
import { sanitizeHtml } from './sanitize-html.ts';

/** A content page as `/pagina/{slug}` shows it: its HTML sanitised. */
export const toContentPageView = (page: ContentPage): ContentPageView => ({
  slug: page.slug,
  title: page.title,
  subtitle: page.subtitle,
  html: sanitizeHtml(page.content),
  image: page.image,
});
