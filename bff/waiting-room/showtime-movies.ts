import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The movie of a showtime, for events that cover movies: asked of the cinema API once per
 * showtime and replica (a showtime never changes its movie), concurrent asks sharing one call.
 * An unknown showtime has no movie (the purchase answers 404 by itself).
 */
const MOST_KEPT = 20_000;

export function createShowtimeMovies(app: FastifyInstance) {
  const known = new Map<number, Promise<string | null>>();
  return (request: FastifyRequest, showtimeId: number): Promise<string | null> => {
    const cached = known.get(showtimeId);
    if (cached) return cached;
    if (known.size >= MOST_KEPT) known.clear();
    const loading = app.upstream.call(request, 'GET /room/:showtimeId', { params: { showtimeId } }).then(
      (answer) => answer.data.movie.slug,
      (error: unknown) => {
        known.delete(showtimeId);
        throw error;
      },
    );
    known.set(showtimeId, loading);
    return loading;
  };
}
