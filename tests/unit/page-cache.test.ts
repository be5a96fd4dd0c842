import { describe, expect, it } from 'vitest';
import { cachePublicly, PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from '#site/lib/page-cache.ts';
import { hash } from 'node:crypto';
import { entityTag, matchesEntityTag } from '#shared/http/entity-tags.ts';

describe('page cache headers', () => {
  it('lets shared caches keep a public page, serve it stale while refreshing and while failing; browsers revalidate', () => {
    expect(PUBLIC_PAGE_CACHE_CONTROL).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=300, stale-if-error=86400',
    );
    expect(PRIVATE_CACHE_CONTROL).toBe('private, no-store');
    const headers = new Headers({ vary: 'Accept-Encoding' });
    cachePublicly(headers);
    expect(headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    // The page is the same for everyone: nothing varies on the cookie.
    expect(headers.get('vary')).toBe('Accept-Encoding');
  });

  it('tags a body by the first 16 bytes of its SHA-256, in base64url', () => {
    const tagOf = (body: string) => entityTag(hash('sha256', body, 'buffer'));
    const tag = tagOf('<p>Cartelera</p>');
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    expect(tagOf('<p>Cartelera</p>')).toBe(tag);
    expect(tagOf('<p>Cartelera.</p>')).not.toBe(tag);
    for (const body of ['', '<p>Cartelera</p>', '{"movies":[]}', 'ñ'.repeat(1000)]) {
      const digest = hash('sha256', body, 'buffer');
      expect(entityTag(digest)).toBe(`"${digest.subarray(0, 16).toString('base64url')}"`);
    }
  });

  it('matches If-None-Match as RFC 9110 asks (weak comparison, lists, *)', () => {
    expect(matchesEntityTag('"abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('*', '"abc"')).toBe(true);
    expect(matchesEntityTag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEntityTag('abc', '"abc"')).toBe(false);
    expect(matchesEntityTag(null, '"abc"')).toBe(false);
    expect(matchesEntityTag('', '"abc"')).toBe(false);
  });
});
