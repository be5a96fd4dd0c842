import type { Showtime, ShowtimeMovie } from '#shared/cinema-api/catalogue.ts';
import { formatHour, formatLongDate } from '#shared/format/dates.ts';
import type { BookingMovieView, ShowtimeFactsView } from '#shared/views/booking.ts';

/** Day, hour, room, format and version of a showtime (the booking view's and the bills'). */
export function toShowtimeFacts(showtime: Showtime): ShowtimeFactsView {
  return {
    id: showtime.id,
    date: showtime.function_date,
    hour: showtime.function_hour,
    dateText: formatLongDate(showtime.function_date),
    hourText: formatHour(showtime.function_hour),
    format: showtime.movie_format,
    version: showtime.movie_version,
    roomName: showtime.room_name,
  };
}

/** The movie of a showtime, from the booking data's movie or the one a showtime carries. */
export function toBookingMovie(
  movie: Pick<ShowtimeMovie, 'id' | 'slug' | 'title' | 'poster' | 'rating' | 'gender' | 'duration'>,
): BookingMovieView {
  return {
    id: movie.id,
    slug: movie.slug,
    title: movie.title,
    poster: movie.poster,
    rating: movie.rating,
    genre: movie.gender,
    durationMinutes: movie.duration,
  };
}
