/**
 * Cache-Control of the public catalogue pages: shared caches keep a page 5 minutes and may
 * serve it stale for 30 more while they refresh it. The site's middleware replaces it with
 * `private, no-store` when someone is logged in (the header shows who), so only the
 * anonymous version is ever shared; `Vary: Cookie` keeps caches from mixing the two.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=1800';

export function cachePublicly(headers: Headers): void {
  headers.set('cache-control', PUBLIC_PAGE_CACHE_CONTROL);
  const vary = headers.get('vary');
  if (!vary?.toLowerCase().includes('cookie')) headers.set('vary', vary ? `${vary}, Cookie` : 'Cookie');
}
