import type { BookingMovie } from '#shared/cinema-api/booking.ts';
import type { DateOption, Movie, Room, Showtime, ShowtimeMovie } from '#shared/cinema-api/catalogue.ts';
import { releaseDate } from '../catalogue/catalogue.ts';
import { posterName, roomImageNames } from '../catalogue/images.ts';
import type { MovieSeed } from '../db/seed/movies.ts';
import type { RoomSeed } from '../db/seed/rooms.ts';
import { dateString, hourString } from '../lib/calendar.ts';
import type { SandboxContext } from '../lib/context.ts';
import { imageUrl } from '../lib/urls.ts';
import { takenSeatCounts, type ShowtimeRow } from './showtimes.ts';

/** Turns catalogue seeds and showtime rows into answer shapes, with absolute image URLs. */
export interface Views {
  image(name: string): string;
  showtime(row: ShowtimeRow): Showtime;
  showtimes(rows: ShowtimeRow[]): Showtime[];
  movie(seed: MovieSeed, rows: ShowtimeRow[]): Movie;
  bookingMovie(seed: MovieSeed): BookingMovie;
  room(seed: RoomSeed): Room;
  dates(rows: ShowtimeRow[]): DateOption[];
}

function listOf(values: string[]): string {
  return values.join(', ');
}

export function createViews(ctx: SandboxContext, base: string): Views {
  let taken: Map<number, number> | undefined;
  const takenOf = (id: number): number => {
    taken ??= takenSeatCounts(ctx.db, ctx.clock.nowMs());
    return taken.get(id) ?? 0;
  };
  const image = (name: string): string => imageUrl(ctx, base, name);

  const showtimeMovie = (seed: MovieSeed): ShowtimeMovie => ({
    id: seed.id,
    slug: seed.slug,
    title: seed.title,
    original_title: seed.original_title,
    poster: image(posterName(seed.slug)),
    duration: seed.duration,
    gender: seed.gender,
    rating: seed.rating,
  });

  const showtime = (row: ShowtimeRow): Showtime => {
    const movie = ctx.catalogue.movieById.get(row.movie_id);
    const room = ctx.catalogue.roomById.get(row.room_id);
    if (movie === undefined || room === undefined) throw new Error(`showtime ${row.id} refers to unknown data`);
    return {
      id: row.id,
      hour_string: hourString(row.function_hour),
      date_string: dateString(row.function_date),
      function_date: row.function_date,
      function_hour: row.function_hour,
      movie_format: row.movie_format,
      movie_version: row.movie_version,
      room_name: room.name,
      room: room.id,
      movie: showtimeMovie(movie),
      seats: Math.max(0, (ctx.catalogue.saleCapacity.get(room.id) ?? 0) - takenOf(row.id)),
    };
  };

  const bookingMovie = (seed: MovieSeed): BookingMovie => ({
    id: seed.id,
    slug: seed.slug,
    title: seed.title,
    original_title: seed.original_title,
    poster: image(posterName(seed.slug)),
    type: 'movie',
    duration: seed.duration,
    gender: seed.gender,
    date_release: releaseDate(ctx.catalogue, seed),
    rating: seed.rating,
    director: seed.director,
    language: seed.language,
    country: seed.country,
    synopsis: seed.synopsis,
    trailer: seed.trailer,
    version: listOf(seed.versions),
    format: listOf(seed.formats),
  });

  return {
    image,
    showtime,
    showtimes: (rows) => rows.map(showtime),
    movie: (seed, rows) => ({ ...bookingMovie(seed), showtimes: rows.map(showtime) }),
    bookingMovie,
    room: (seed) => {
      const [first, second] = roomImageNames(seed.slug);
      return {
        id: seed.id,
        slug: seed.slug,
        name: seed.name,
        complement: seed.complement,
        image: image(first),
        image_2: image(second),
        short_description: seed.short_description,
        description: seed.description,
      };
    },
    dates: (rows) => {
      const days = [...new Set(rows.map((row) => row.function_date))].sort();
      return days.map((day) => ({ date_string: dateString(day), function_date: day }));
    },
  };
}
