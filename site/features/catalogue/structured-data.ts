/**
 * schema.org descriptions of the catalogue (JSON-LD): the theater, its movies and their
 * screenings. Built from the BFF's views; absolute URLs from the page's origin.
 */
import type { MovieCardView, MovieDetailView, ShowtimeGroupView } from '#shared/views/catalogue.ts';
import { isoDuration } from '#shared/format/dates.ts';
import { routes } from '../../lib/routes.ts';
import { THEATER_INFO } from './theater-info.ts';

type JsonLd = Record<string, unknown>;

export function movieTheaterJsonLd(origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'MovieTheater',
    '@id': `${origin}/#cine`,
    name: THEATER_INFO.name,
    url: `${origin}/`,
    screenCount: THEATER_INFO.screenCount,
    address: { '@type': 'PostalAddress', addressCountry: 'CO', addressLocality: THEATER_INFO.city },
  };
}

function movieBase(movie: MovieCardView, origin: string, theater: string): JsonLd {
  return {
    '@type': 'Movie',
    name: movie.title,
    ...(movie.originalTitle && movie.originalTitle !== movie.title ? { alternateName: movie.originalTitle } : {}),
    url: `${origin}${routes.movie(theater, movie.slug)}`,
    image: movie.poster,
    genre: movie.genre,
    contentRating: movie.rating,
    ...(isoDuration(movie.durationMinutes) ? { duration: isoDuration(movie.durationMinutes) } : {}),
    datePublished: movie.releaseDate,
  };
}

export function movieJsonLd(detail: MovieDetailView, origin: string): JsonLd {
  const { movie } = detail;
  return {
    '@context': 'https://schema.org',
    ...movieBase(movie, origin, detail.theater),
    description: movie.synopsis,
    director: movie.director ? { '@type': 'Person', name: movie.director } : undefined,
    inLanguage: movie.language,
    countryOfOrigin: movie.country ? { '@type': 'Country', name: movie.country } : undefined,
    ...(movie.trailer
      ? {
          trailer: {
            '@type': 'VideoObject',
            name: `Tráiler de ${movie.title}`,
            embedUrl: movie.trailerEmbedUrl,
            thumbnailUrl: movie.poster,
            uploadDate: movie.releaseDate,
          },
        }
      : {}),
  };
}

/** One ScreeningEvent per showtime. */
export function screeningEventsJsonLd(
  movie: MovieCardView,
  theater: string,
  groups: ReadonlyArray<ShowtimeGroupView>,
  origin: string,
): JsonLd[] {
  return groups.flatMap((group) =>
    group.hours.map((hour) => ({
      '@context': 'https://schema.org',
      '@type': 'ScreeningEvent',
      name: `${movie.title} (${group.format}, ${group.version})`,
      startDate: hour.startsAt,
      videoFormat: group.format,
      inLanguage: group.version,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      url: `${origin}${routes.showtime(theater, movie.slug, hour.id)}`,
      location: {
        '@type': 'MovieTheater',
        '@id': `${origin}/#cine`,
        name: THEATER_INFO.name,
        screenCount: THEATER_INFO.screenCount,
      },
      workPresented: movieBase(movie, origin, theater),
    })),
  );
}

/** An ItemList of movies (billboard, releases). */
export function movieListJsonLd(movies: ReadonlyArray<MovieCardView>, theater: string, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: movies.map((movie, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: movieBase(movie, origin, theater),
    })),
  };
}
