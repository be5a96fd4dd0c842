/**
 * schema.org descriptions of the catalogue (JSON-LD) as Google's Event and Movie documentation
 * asks for them (site/decisions/structured-data.md): the theater with its postal address, its
 * movies, and one ScreeningEvent per showtime still on the listing. Built from the BFF's views;
 * absolute URLs from the page's origin. The pages are the same for everybody, so nothing
 * here depends on who asks; what depends on the hour is decided at `nowMs`.
 */
import type { MovieCardView, MovieDetailView, ShowtimeGroupView, ShowtimeHourView } from '#shared/views/catalogue.ts';
import { hourState } from '#shared/booking/showtime-clock.ts';
import { isoDuration } from '#shared/format/dates.ts';
import { THEATER_POSTAL_ADDRESS } from '#shared/theater.ts';
import { routes } from '../../lib/routes.ts';
import { languageCode, screeningLanguages } from './screening-languages.ts';
import { THEATER_INFO } from './theater-info.ts';

type JsonLd = Record<string, unknown>;

const SCHEMA_ORG = 'https://schema.org';
const EVENT_SCHEDULED = `${SCHEMA_ORG}/EventScheduled`;
const OFFLINE_ATTENDANCE = `${SCHEMA_ORG}/OfflineEventAttendanceMode`;
const IN_STOCK = `${SCHEMA_ORG}/InStock`;
const SOLD_OUT = `${SCHEMA_ORG}/SoldOut`;
/** Ticket prices are in Colombian pesos. */
const CURRENCY = 'COP';

/** The theater as a place: name, web address and full postal address. */
function theaterPlace(origin: string): JsonLd {
  return {
    '@type': 'MovieTheater',
    '@id': `${origin}/#cine`,
    name: THEATER_INFO.name,
    url: `${origin}/`,
    screenCount: THEATER_INFO.screenCount,
    address: { '@type': 'PostalAddress', ...THEATER_POSTAL_ADDRESS },
  };
}

export function movieTheaterJsonLd(origin: string): JsonLd {
  return { '@context': SCHEMA_ORG, ...theaterPlace(origin) };
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
  const language = languageCode(movie.language);
  return {
    '@context': SCHEMA_ORG,
    ...movieBase(movie, origin, detail.theater),
    description: movie.synopsis,
    director: movie.director ? { '@type': 'Person', name: movie.director } : undefined,
    ...(language === null ? {} : { inLanguage: language }),
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

/**
 * The tickets of a showtime on sale: the least a visitor pays (service fee included) when the
 * cinema API priced it, whether seats are left, where to buy, and until when (its start: a
 * cached copy of the page never offers a screening that has begun).
 */
function offerOf(hour: ShowtimeHourView, url: string, price: number | undefined): JsonLd {
  return {
    '@type': 'Offer',
    url,
    ...(price === undefined ? {} : { price, priceCurrency: CURRENCY }),
    availability: hour.seats > 0 ? IN_STOCK : SOLD_OUT,
    validThrough: hour.startsAt,
  };
}

function screeningEvent(
  detail: MovieDetailView,
  group: ShowtimeGroupView,
  hour: ShowtimeHourView,
  origin: string,
  onSale: boolean,
  price: number | undefined,
): JsonLd {
  const { movie, theater } = detail;
  const url = `${origin}${routes.showtime(theater, movie.slug, hour.id)}`;
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ScreeningEvent',
    name: `${movie.title} (${group.format}, ${group.version})`,
    description: `${movie.title}: ${group.format}, ${group.version.toLowerCase()}, ${group.roomName}.`,
    startDate: hour.startsAt,
    endDate: hour.endsAt,
    // A screening that has begun still takes place as scheduled: schema.org and Google have no
    // "started" status; that its tickets are no longer sold is said by leaving out its offer.
    eventStatus: EVENT_SCHEDULED,
    eventAttendanceMode: OFFLINE_ATTENDANCE,
    videoFormat: group.format,
    ...screeningLanguages(group.version, movie.language),
    image: [movie.poster],
    url,
    location: theaterPlace(origin),
    organizer: { '@type': 'Organization', name: THEATER_INFO.name, url: `${origin}/` },
    workPresented: movieBase(movie, origin, theater),
    ...(onSale ? { offers: offerOf(hour, url, price) } : {}),
  };
}

/**
 * One ScreeningEvent per showtime of the movie page that has not ended at `nowMs`: on sale
 * (with its offer) or playing (without one). Ended showtimes are left out, as the page leaves
 * out their hours.
 */
export function screeningEventsJsonLd(detail: MovieDetailView, origin: string, nowMs: number): JsonLd[] {
  const prices = new Map(detail.pricesFrom.map((entry) => [entry.showtimeId, entry.price]));
  return detail.days.flatMap((day) =>
    day.groups.flatMap((group) =>
      group.hours.flatMap((hour) => {
        const state = hourState(hour.startsAt, hour.endsAt, nowMs);
        if (state === 'ended') return [];
        return [screeningEvent(detail, group, hour, origin, state === 'open', prices.get(hour.id))];
      }),
    ),
  );
}

/** The lowest "price from" of the showtimes still on sale at `nowMs` (for the page to say it), or null. */
export function lowestPriceOnSale(detail: MovieDetailView, nowMs: number): number | null {
  const onSale = new Set(
    detail.days
      .flatMap((day) => day.groups.flatMap((group) => group.hours))
      .filter((hour) => hour.seats > 0 && hourState(hour.startsAt, hour.endsAt, nowMs) === 'open')
      .map((hour) => hour.id),
  );
  const prices = detail.pricesFrom.filter((entry) => onSale.has(entry.showtimeId)).map((entry) => entry.price);
  return prices.length === 0 ? null : Math.min(...prices);
}

/** An ItemList of movies (billboard, releases). */
export function movieListJsonLd(movies: ReadonlyArray<MovieCardView>, theater: string, origin: string): JsonLd {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ItemList',
    itemListElement: movies.map((movie, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: movieBase(movie, origin, theater),
    })),
  };
}
