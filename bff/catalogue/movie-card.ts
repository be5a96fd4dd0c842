import type { Movie, ReleaseItem } from '#shared/cinema-api/catalogue.ts';
import { formatDuration, formatReleaseDate } from '#shared/format/dates.ts';
import type { MovieCardView, ReleaseView } from '#shared/views/catalogue.ts';
import { RELEASE_TYPE_PRESALE } from '#shared/cinema-api/catalogue.ts';

export function toMovieCard(movie: Movie): MovieCardView {
  return {
    id: movie.id,
    slug: movie.slug,
    title: movie.title,
    originalTitle: movie.original_title,
    poster: movie.poster,
    genre: movie.gender,
    rating: movie.rating,
    durationMinutes: movie.duration,
    durationText: formatDuration(movie.duration),
    releaseDate: movie.date_release,
    releaseDateText: formatReleaseDate(movie.date_release),
  };
}

export function toRelease(item: ReleaseItem, days: ReleaseView['days'] = []): ReleaseView {
  return {
    slug: item.slug,
    title: item.title,
    poster: item.poster,
    genre: item.gender,
    durationMinutes: item.duration,
    durationText: formatDuration(item.duration),
    releaseDate: item.date_release,
    releaseDateText: formatReleaseDate(item.date_release),
    type: item.type,
    presale: item.type.trim().toLowerCase() === RELEASE_TYPE_PRESALE.toLowerCase(),
    days,
  };
}

/** Comma-separated lists of the API ('Doblada, Subtitulada') as items. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
