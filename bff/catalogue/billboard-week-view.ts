import type { DateOption, Movie } from '#shared/cinema-api/catalogue.ts';
import type { BillboardDayView, BillboardWeekView } from '#shared/views/catalogue.ts';
import { toMovieCard } from './movie-card.ts';
import { groupShowtimes, toDateOptions } from './showtime-views.ts';

/** The movies of one date that have showtimes that date, each with its hours grouped. */
function buildBillboardDay(date: string, movies: ReadonlyArray<Movie>): BillboardDayView {
  const playing = movies
    .map((movie) => ({ movie, showtimes: movie.showtimes.filter((showtime) => showtime.function_date === date) }))
    .filter(({ showtimes }) => showtimes.length > 0)
    .map(({ movie, showtimes }) => ({ ...toMovieCard(movie), groups: groupShowtimes(showtimes) }));
  return { date, movies: playing };
}

/** Every billboard date with its day; `moviesOf(date)` holds the upstream answer of that date. */
export function buildBillboardWeek(
  theater: string,
  dates: ReadonlyArray<DateOption>,
  moviesOf: (date: string) => ReadonlyArray<Movie>,
): BillboardWeekView {
  const options = toDateOptions(dates);
  return {
    theater,
    dates: options,
    days: options.map((option) => buildBillboardDay(option.date, moviesOf(option.date))),
  };
}
