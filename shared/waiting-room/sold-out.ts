import type { RoomStatusRow } from '../cinema-api/booking.ts';
import type { Showtime } from '../cinema-api/catalogue.ts';
import { showtimeStartMs } from '../booking/showtime-clock.ts';

/**
 * A showtime sells out while people wait for it: they are told at once and offered the next
 * showtimes of the movie. "Free" is what the room status says now: a seat held by someone else
 * is not free (it may come back when the hold ends, and the page then says so).
 */

export function freeSeatCount(status: ReadonlyArray<Pick<RoomStatusRow, 'DescripcionSilla'>>): number {
  let free = 0;
  for (const row of status) for (const seat of row.DescripcionSilla) if (seat.EstadoSilla === 'S') free += 1;
  return free;
}

export const isSoldOut = (freeSeats: number): boolean => freeSeats <= 0;

/** How many other showtimes the sold-out answer offers. */
export const NEXT_SHOWTIMES = 3;

/**
 * The showtimes to offer instead: of the same movie, not started at `now`, with free seats,
 * other than the sold-out one, the soonest first.
 */
export function nextShowtimes<S extends Pick<Showtime, 'id' | 'function_date' | 'function_hour' | 'seats'>>(
  showtimes: readonly S[],
  soldOutId: number,
  now: number,
  limit = NEXT_SHOWTIMES,
): S[] {
  return showtimes
    .map((showtime) => ({ showtime, start: showtimeStartMs(showtime.function_date, showtime.function_hour) }))
    .filter(
      (entry): entry is { showtime: S; start: number } =>
        entry.showtime.id !== soldOutId && entry.start !== null && entry.start > now && entry.showtime.seats > 0,
    )
    .sort((a, b) => a.start - b.start || a.showtime.id - b.showtime.id)
    .slice(0, limit)
    .map((entry) => entry.showtime);
}
