import type { UpstreamCaller } from '#bff/plugins/upstream.ts';

/**
 * The movie of a showtime, for events that cover movies. The showtime's room is read through
 * the booking's one cache of it (`app.booking.sources`, the same read the purchase screen uses);
 * this replica only remembers each showtime's movie slug, which never changes, so a covered
 * purchase asks nothing once its showtime is known. An unknown showtime has no movie (the
 * purchase answers 404 by itself).
 */
const MOST_KEPT = 20_000;

/** The booking's read of a showtime's room (`app.booking.sources`), as much of it as this needs. */
interface ShowtimeRooms {
  bookingData(caller: UpstreamCaller, showtimeId: number): Promise<{ movie: { slug: string } }>;
}

export function createShowtimeMovies(sources: ShowtimeRooms) {
  const known = new Map<number, string>();
  return async (caller: UpstreamCaller, showtimeId: number): Promise<string | null> => {
    const slug = known.get(showtimeId);
    if (slug !== undefined) return slug;
    const data = await sources.bookingData(caller, showtimeId);
    if (known.size >= MOST_KEPT) known.clear();
    known.set(showtimeId, data.movie.slug);
    return data.movie.slug;
  };
}
