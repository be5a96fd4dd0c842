import { describe, expect, it } from 'vitest';
import { shuffled } from '#site/features/catalogue/shuffle.ts';
import { seededRandom } from '#shared/seeded-random.ts';
import { selectedDate } from '#site/features/catalogue/date-panels.ts';
import { listingHref } from '#site/features/catalogue/showtime-filters.ts';
import { slideClass } from '#site/features/catalogue/carousel-slides.ts';
import { bookableFirst, hasHourOnSale } from '#site/features/catalogue/bookable-first.ts';

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

  it('shuffles the same way for the same seed (the home page is shared), another way for another day', () => {
    const items = Array.from({ length: 12 }, (_, index) => `slide-${index}`);
    const today = shuffled(items, seededRandom('2026-11-23'));
    expect(shuffled(items, seededRandom('2026-11-23'))).toEqual(today);
    expect(shuffled(items, seededRandom('2026-11-24'))).not.toEqual(today);
    const draws = Array.from({ length: 1000 }, seededRandom('x'));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });

  it('shows the requested date only when it is offered, else the first', () => {
    const dates = [{ date: '2026-11-22' }, { date: '2026-11-23' }];
    expect(selectedDate(dates, '2026-11-23')).toBe('2026-11-23');
    expect(selectedDate(dates, '2026-12-31')).toBe('2026-11-22');
    expect(selectedDate(dates, null)).toBe('2026-11-22');
    expect(selectedDate([], null)).toBeNull();
    expect(listingHref('2026-11-23', {}, 'cartelera')).toBe('?date=2026-11-23#cartelera');
  });

  it('late in the evening opens on the first date with an hour still on sale, its buyable movies first', () => {
    const hour = (startsAt: string, endsAt: string) => ({ hours: [{ startsAt, endsAt }] });
    const now = Date.parse('2026-11-27T23:10:00-05:00');
    const started = { title: 'started', groups: [hour('2026-11-27T22:50:00-05:00', '2026-11-28T00:40:00-05:00')] };
    const ended = { title: 'ended', groups: [hour('2026-11-27T19:00:00-05:00', '2026-11-27T21:00:00-05:00')] };
    const open = { title: 'open', groups: [hour('2026-11-27T23:30:00-05:00', '2026-11-28T01:10:00-05:00')] };
    expect(hasHourOnSale(started.groups, now)).toBe(false);
    expect(hasHourOnSale(open.groups, now)).toBe(true);
    expect(bookableFirst([started, ended, open], now).map((movie) => movie.title)).toEqual([
      'open',
      'started',
      'ended',
    ]);

    const dates = [{ date: '2026-11-27' }, { date: '2026-11-28' }];
    const onSale = (date: string) => date !== '2026-11-27';
    expect(selectedDate(dates, null, onSale)).toBe('2026-11-28');
    // A date asked for is shown, on sale or not; with nothing on sale anywhere, the first.
    expect(selectedDate(dates, '2026-11-27', onSale)).toBe('2026-11-27');
    expect(selectedDate(dates, null, () => false)).toBe('2026-11-27');
  });

  it('sizes carousel slides by the spec’s breakpoints', () => {
    expect(slideClass('home')).toContain('basis-full min-[600px]:basis-1/3 min-[1420px]:basis-1/5');
    expect(slideClass('billboard')).toContain('basis-1/2 min-[600px]:basis-1/3 min-[1024px]:basis-1/5');
    expect(slideClass('rooms')).toContain('basis-full min-[600px]:basis-1/3');
  });
});
