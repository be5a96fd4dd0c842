import type { Movie, MovieShowtimesAnswer } from '#shared/cinema-api/catalogue.ts';
import { trailerEmbedUrl } from './trailer.ts';
import type { MovieDetailView } from '#shared/views/catalogue.ts';
import { splitList, toMovieCard } from './movie-card.ts';
import { groupShowtimes, showtimesByDate, toDateOptions } from './showtime-views.ts';

/**
 * The movie page: every field of the movie, its dates (the page selects the first) and, per
 * date, its showtimes grouped by format, version and room. A date the upstream lists without
 * showtimes keeps an empty group list (the page then shows the "no showtimes" text). The
 * showtimes' prices are read apart (showtime-prices.ts).
 */
export function buildMovieDetail(
  theater: string,
  movie: Movie,
  schedule: MovieShowtimesAnswer['data'],
): Omit<MovieDetailView, 'pricesFrom'> {
  const ownShowtimes = schedule.showtimes.filter((showtime) => showtime.movie.slug === movie.slug);
  const byDate = showtimesByDate(ownShowtimes);
  const dates = toDateOptions([...schedule.dates, ...ownShowtimes]);
  return {
    theater,
    movie: {
      ...toMovieCard(movie),
      director: movie.director,
      language: movie.language,
      country: movie.country,
      synopsis: movie.synopsis,
      versions: splitList(movie.version),
      formats: splitList(movie.format),
      trailer: movie.trailer,
      trailerEmbedUrl: trailerEmbedUrl(movie.trailer),
    },
    dates,
    days: dates.map(({ date }) => ({ date, groups: groupShowtimes(byDate.get(date) ?? []) })),
  };
}
