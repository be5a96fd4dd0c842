import { describe, expect, it } from 'vitest';
import { shuffled } from '../../site/features/catalogue/shuffle.ts';
import { dateHref, selectedDate } from '../../site/features/catalogue/date-panels.ts';
import { slideClass } from '../../site/features/catalogue/carousel-slides.ts';
import { PUBLIC_PAGE_CACHE_CONTROL, cachePublicly } from '../../site/features/catalogue/public-cache.ts';

describe('catalogue page helpers', () => {
  it('shuffles a copy, keeping every item once', () => {
    const items = ['banner-1', 'banner-2', 'movie-a', 'movie-b', 'movie-c'];
    let seed = 0.42;
    const random = () => (seed = (seed * 9301 + 0.49297) % 1);
    const result = shuffled(items, random);
    expect([...result].sort()).toEqual([...items].sort());
    expect(items).toEqual(['banner-1', 'banner-2', 'movie-a', 'movie-b', 'movie-c']);
    expect(result).not.toEqual(items);
  });

  it('shows the requested date only when it is offered, else the first', () => {
    const dates = [{ date: '2026-11-22' }, { date: '2026-11-23' }];
    expect(selectedDate(dates, '2026-11-23')).toBe('2026-11-23');
    expect(selectedDate(dates, '2026-12-31')).toBe('2026-11-22');
    expect(selectedDate(dates, null)).toBe('2026-11-22');
    expect(selectedDate([], null)).toBeNull();
    expect(dateHref('2026-11-23', 'cartelera')).toBe('?date=2026-11-23#cartelera');
  });

  it('sizes carousel slides by the spec’s breakpoints', () => {
    expect(slideClass('home')).toContain('basis-full min-[600px]:basis-1/3 min-[1420px]:basis-1/5');
    expect(slideClass('billboard')).toContain('basis-1/2 min-[600px]:basis-1/3 min-[1024px]:basis-1/5');
    expect(slideClass('rooms')).toContain('basis-full min-[600px]:basis-1/3');
  });

  it('marks public pages cacheable by shared caches, varying on the cookie', () => {
    const headers = new Headers({ vary: 'Accept-Encoding' });
    cachePublicly(headers);
    expect(headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(PUBLIC_PAGE_CACHE_CONTROL).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=1800');
    expect(headers.get('vary')).toBe('Accept-Encoding, Cookie');
  });
});
