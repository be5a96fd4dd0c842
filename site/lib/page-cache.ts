/**
 * How the site's answers may be cached: the one place for the numbers (site/README.md,
 * "Caching"). A public page is the same for everyone (nothing in it depends on the session),
 * so shared caches (our nginx micro-cache, a CDN) may keep it and serve it to anybody; a
 * personal page, a guest-only page and a redirect are `private, no-store`.
 */

/** Shared caches keep a public page this long before asking again. */
export const PUBLIC_PAGE_S_MAXAGE = 30;
/** ... then may serve it stale this long while one request refreshes it. */
export const PUBLIC_PAGE_STALE_WHILE_REVALIDATE = 300;
/** ... and this long when the site, the BFF or the cinema API fails. */
export const PUBLIC_PAGE_STALE_IF_ERROR = 86_400;

/**
 * Browsers revalidate every time (`max-age=0`, answered by a 304 when the ETag matches):
 * a showtime that sold out must not linger in a tab's cache.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_PAGE_S_MAXAGE}, stale-while-revalidate=${PUBLIC_PAGE_STALE_WHILE_REVALIDATE}, stale-if-error=${PUBLIC_PAGE_STALE_IF_ERROR}`;

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Marks a page's answer shareable (pages call it once their data loaded). */
export function cachePublicly(headers: Headers): void {
  headers.set('cache-control', PUBLIC_PAGE_CACHE_CONTROL);
}
