/**
 * One address, so one cache key, per public page (issue 32): a query the page does not read
 * (`/?utm=x`, `/confiteria?x=…`) is another key to every shared cache, so it is answered with
 * a 301 to the page without it. The showtime listings read a query of their own and send any
 * other spelling to its canonical form themselves (features/catalogue/showtime-filters.ts,
 * `resolveListingQuery`), and so does the search (features/search/search-address.ts); every
 * other public page reads none.
 */
import { originPath } from '#shared/http/origin-path.ts';
import { IMAGE_ENDPOINT } from './image-url.ts';

/**
 * Route patterns (Astro's `routePattern`) whose page canonicalises its own query, and the image
 * path, whose one query spelling is checked by the endpoint itself (anything else is a 400).
 */
const PAGES_READING_A_QUERY: ReadonlySet<string> = new Set([
  IMAGE_ENDPOINT,
  '/',
  '/cartelera',
  '/[theater]/pelicula/[slug]',
  '/sala/[slug]',
  '/buscar',
  '/fragmentos/cartelera/[date]/filtros',
]);

/**
 * Where to send a GET or HEAD of a public page that carries a query it never reads (the
 * page's path, as asked, always on this origin: `/\evil.example/x?utm=1` is parsed as
 * `//evil.example/x`, another host in a Location, and is sent to `/evil.example/x`), or null.
 * A bare `?` counts: it is another key too.
 */
export function queryFreeRedirect(method: string, routePattern: string, requestUrl: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (PAGES_READING_A_QUERY.has(routePattern)) return null;
  const url = new URL(requestUrl);
  const queryAt = url.href.indexOf('?');
  if (queryAt < 0) return null;
  return originPath(url.pathname);
}
