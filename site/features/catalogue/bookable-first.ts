import { hourState } from '#shared/booking/showtime-clock.ts';
import type { ShowtimeHourView } from '#shared/views/catalogue.ts';

type Groups = ReadonlyArray<{ hours: ReadonlyArray<Pick<ShowtimeHourView, 'startsAt' | 'endsAt'>> }>;

/** Whether one of these hours is still sold (not started) at `nowMs`. */
export function hasHourOnSale(groups: Groups, nowMs: number): boolean {
  return groups.some((group) => group.hours.some((hour) => hourState(hour.startsAt, hour.endsAt, nowMs) === 'open'));
}

/**
 * A day's movies with an hour still on sale first, in the catalogue's order, then those whose
 * every hour has started: late in the evening the first movie of the list is one a person can
 * still buy. Rendered at request time, so a cached page is at most its cache's age behind.
 */
export function bookableFirst<Movie extends { groups: Groups }>(movies: ReadonlyArray<Movie>, nowMs: number): Movie[] {
  const onSale = (movie: Movie): boolean => hasHourOnSale(movie.groups, nowMs);
  return [...movies.filter(onSale), ...movies.filter((movie) => !onSale(movie))];
}
