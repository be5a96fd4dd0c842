import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatHour, formatLongDate } from '#shared/format/dates.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';
import type { OtherShowtimeView, PlaceView, WaitingRoomStatusView } from '#shared/views/waiting-room.ts';
import { freeSeatCount, isSoldOut, nextShowtimes } from '#shared/waiting-room/sold-out.ts';
import type { Standing } from './service.ts';

/**
 * A person's status for the waiting page: where they stand, the showtime's free seats (from
 * the room-status poll the purchase screen shares, at most a couple of seconds old) and, when
 * it sold out, the next showtimes of the movie (from the catalogue cache).
 */

/** When the page asks again: often near the head, rarely far from it, never in step. */
export function refreshSecondsFor(standing: Standing, now: number): number {
  switch (standing.kind) {
    case 'go':
      return 5;
    case 'closed':
      return 30;
    case 'not-joined':
      return 5;
    case 'waiting':
      return waitingRefresh(standing.place, now);
  }
}

function waitingRefresh(place: PlaceView | null, now: number): number {
  if (place === null) return 2;
  if (place.prequeue) return Math.min(30, Math.max(3, Math.ceil((place.saleStartsAt - now) / 4000)));
  const wait = place.estimatedWaitSeconds;
  if (wait === null) return 15;
  if (wait < 60) return 3;
  if (wait < 600) return 10;
  return 20;
}

/**
 * What a status view reads of the BFF: the booking's showtime data and room status (the one
 * cache of a room), the catalogue cache and the cinema API for the movie's other showtimes.
 */
export type StatusSources = Pick<FastifyInstance, 'booking' | 'catalogueCache' | 'upstream'>;

async function otherShowtimes(
  app: StatusSources,
  request: FastifyRequest,
  showtimeId: number,
  now: number,
): Promise<OtherShowtimeView[]> {
  const booking = await app.booking.sources.bookingData(request, showtimeId);
  const slug = booking.movie.slug;
  const read = await app.catalogueCache.read(`waiting-room:showtimes:${slug}`, async () => {
    const answer = await app.upstream.call(request, 'GET /movies/theater/:theater/:slug/showtimes', {
      params: { theater: HOME_THEATER, slug },
    });
    return answer.data.showtimes;
  });
  return nextShowtimes(read.value, showtimeId, now).map((showtime) => ({
    id: showtime.id,
    theater: HOME_THEATER,
    movieSlug: slug,
    date: showtime.function_date,
    dateText: formatLongDate(showtime.function_date),
    hourText: formatHour(showtime.function_hour),
    format: showtime.movie_format,
    version: showtime.movie_version,
    roomName: showtime.room_name,
    freeSeats: showtime.seats,
  }));
}

export async function buildStatusView(
  app: StatusSources,
  request: FastifyRequest,
  showtimeId: number,
  standing: Standing,
  now: number,
): Promise<WaitingRoomStatusView> {
  const base = {
    event:
      standing.kind === 'go' || standing.event === null ? null : { id: standing.event.id, name: standing.event.name },
    place: standing.kind === 'waiting' ? standing.place : null,
    captchaRequired: standing.kind === 'not-joined' && standing.captchaRequired,
    placeLost: (standing.kind === 'waiting' || standing.kind === 'not-joined') && standing.lost === 'absence',
    turnEnded: (standing.kind === 'waiting' || standing.kind === 'not-joined') && standing.lost === 'turn-ended',
    signedIn: request.auth !== null,
    passUntil: standing.kind === 'go' && standing.reason === 'pass' ? standing.passUntil : null,
    refreshSeconds: refreshSecondsFor(standing, now),
  };
  const status = standing.kind === 'go' ? (standing.reason === 'pass' ? 'admitted' : standing.reason) : standing.kind;
  if (standing.kind !== 'waiting' && standing.kind !== 'not-joined') {
    return { ...base, status, showtime: { id: showtimeId, freeSeats: null, soldOut: false }, nextShowtimes: [] };
  }
  let freeSeats: number | null = null;
  try {
    freeSeats = freeSeatCount(await app.booking.statusHub.read(request, showtimeId));
  } catch (error) {
    request.log.warn({ err: error, showtimeId }, 'waiting room: room status unavailable');
  }
  const soldOut = freeSeats !== null && isSoldOut(freeSeats);
  let next: OtherShowtimeView[] = [];
  if (soldOut) {
    try {
      next = await otherShowtimes(app, request, showtimeId, now);
    } catch (error) {
      request.log.warn({ err: error, showtimeId }, 'waiting room: next showtimes unavailable');
    }
  }
  return { ...base, status, showtime: { id: showtimeId, freeSeats, soldOut }, nextShowtimes: next };
}
