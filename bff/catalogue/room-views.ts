import type { Room, Showtime } from '#shared/cinema-api/catalogue.ts';
import { formatDuration } from '#shared/format/dates.ts';
import type { RoomDayMovieView, RoomDetailView, RoomView } from '#shared/views/catalogue.ts';
import { sanitizeHtml } from './sanitize-html.ts';
import { datesOfShowtimes, groupShowtimes, showtimesByDate } from './showtime-views.ts';

export function toRoom(room: Room): RoomView {
  return {
    id: room.id,
    slug: room.slug,
    name: room.name,
    complement: room.complement,
    image: room.image,
    image2: room.image_2,
    shortDescriptionHtml: sanitizeHtml(room.short_description),
    descriptionHtml: sanitizeHtml(room.description),
  };
}

/** The movies of one room's day, in the order of their first showtime. */
function moviesOfDay(showtimes: ReadonlyArray<Showtime>): RoomDayMovieView[] {
  const bySlug = new Map<string, Showtime[]>();
  const ordered = [...showtimes].sort((a, b) => a.function_hour.localeCompare(b.function_hour));
  for (const showtime of ordered) {
    const list = bySlug.get(showtime.movie.slug) ?? [];
    list.push(showtime);
    bySlug.set(showtime.movie.slug, list);
  }
  return [...bySlug.values()].map((list) => {
    const movie = list[0]!.movie;
    return {
      slug: movie.slug,
      title: movie.title,
      poster: movie.poster,
      rating: movie.rating,
      durationText: formatDuration(movie.duration),
      groups: groupShowtimes(list),
    };
  });
}

/** The room page: the room and its showtimes grouped by date (the page selects the first date). */
export function buildRoomDetail(theater: string, room: Room, showtimes: ReadonlyArray<Showtime>): RoomDetailView {
  const byDate = showtimesByDate(showtimes);
  const dates = datesOfShowtimes(showtimes);
  return {
    theater,
    room: toRoom(room),
    dates,
    days: dates.map(({ date }) => ({ date, movies: moviesOfDay(byDate.get(date) ?? []) })),
  };
}
