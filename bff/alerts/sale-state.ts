import type { UpstreamCaller, UpstreamClient } from '#bff/plugins/upstream.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';
import type { AlertReason } from '#shared/views/alerts.ts';
import { coversShowtime, type WaitingRoomEvent } from '#shared/waiting-room/event.ts';
import { bogotaInstant } from '#shared/format/bogota-time.ts';

/**
 * Whether a movie's tickets are on sale, as "Avísame" needs it: its showtimes as the cinema API
 * lists them now (asked of the API itself, not the catalogue cache, so news is never five
 * minutes late), and the presale waiting room that covers it and has opened (the waiting
 * room's own `openEvents`, as this replica holds them).
 */
export interface SaleState {
  showtimeIds: number[];
  /** The earliest date with a showtime not started yet, and its hours ('19:30:00', in order): what the e-mail announces. */
  firstDay: { date: string; hours: string[] } | null;
  /** A covering waiting room that opened (pre-queue, sale, pause or free), and a showtime of it to link to. */
  waitingRoom: { eventId: string; showtimeId: number | null } | null;
}

/** What a sale state is read from: the cinema API, and the waiting room's events open now. */
export interface SaleSources {
  upstream: UpstreamClient;
  openEvents(): readonly WaitingRoomEvent[];
}

function coversMovie(event: WaitingRoomEvent, movie: string, showtimeIds: number[]): number | null | false {
  const covered = showtimeIds.find((showtimeId) => coversShowtime(event.scope, { showtimeId, movieSlug: movie }));
  if (covered !== undefined) return covered;
  return event.scope.kind === 'movies' && event.scope.movieSlugs.includes(movie) ? null : false;
}

export async function saleStateOf(sources: SaleSources, caller: UpstreamCaller, movie: string): Promise<SaleState> {
  const answer = await sources.upstream.call(caller, 'GET /movies/theater/:theater/:slug/showtimes', {
    params: { theater: HOME_THEATER, slug: movie },
  });
  const showtimeIds = answer.data.showtimes.map((showtime) => showtime.id);
  const firstDay = firstDayOf(answer.data.showtimes, Date.now());
  for (const event of sources.openEvents()) {
    const covered = coversMovie(event, movie, showtimeIds);
    if (covered !== false) return { showtimeIds, firstDay, waitingRoom: { eventId: event.id, showtimeId: covered } };
  }
  return { showtimeIds, firstDay, waitingRoom: null };
}

function firstDayOf(
  showtimes: ReadonlyArray<{ function_date: string; function_hour: string }>,
  now: number,
): SaleState['firstDay'] {
  const upcoming = showtimes
    .filter((showtime) => bogotaInstant(showtime.function_date, showtime.function_hour).getTime() > now)
    .map((showtime) => ({ date: showtime.function_date, hour: showtime.function_hour }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.hour.localeCompare(b.hour));
  const date = upcoming[0]?.date;
  if (date === undefined) return null;
  return { date, hours: [...new Set(upcoming.filter((showtime) => showtime.date === date).map((s) => s.hour))] };
}

/** Whether a person may still ask to be told: nothing on sale yet (no showtime listed, no presale queue open). */
export const onSale = (state: SaleState): boolean => state.showtimeIds.length > 0 || state.waitingRoom !== null;

/**
 * Why an alert is due now, or null: its presale's waiting room opened, or the movie has
 * showtimes and had none when the person asked.
 */
export function dueReason(state: SaleState, hadShowtimes: boolean): AlertReason | null {
  if (state.waitingRoom) return 'waiting-room';
  if (!hadShowtimes && state.showtimeIds.length > 0) return 'showtimes';
  return null;
}
