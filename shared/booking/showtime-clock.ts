import { bogotaDateTime } from '../format/bogota-time.ts';

/**
 * True when the showtime's date and hour (Bogota wall time) have passed: no reservation is
 * allowed then. An unreadable date or hour counts as started, refusing is the safe side.
 */
export function hasShowtimeStarted(functionDate: string, functionHour: string, nowMs: number): boolean {
  const start = showtimeStartMs(functionDate, functionHour);
  return start === null || nowMs >= start;
}

/** Milliseconds since the epoch of the showtime's start, or null when unreadable. */
export function showtimeStartMs(functionDate: string, functionHour: string): number | null {
  const iso = bogotaDateTime(functionDate, functionHour);
  if (iso === null) return null;
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? null : instant;
}

/**
 * What a listed hour offers at `nowMs`: `open` (a link to buy), `playing` (started, shown as
 * 'En curso', never a link) or `ended` (over: left out). Start and end are ISO instants (the
 * catalogue's `startsAt` and `endsAt`); an unreadable one counts as ended, never sold.
 */
export type HourState = 'open' | 'playing' | 'ended';

export function hourState(startsAt: string, endsAt: string, nowMs: number): HourState {
  return hourStateBetween(Date.parse(startsAt), Date.parse(endsAt), nowMs);
}

/** The same from epoch milliseconds (what a page carries for its script); NaN counts as ended. */
export function hourStateBetween(startMs: number, endMs: number, nowMs: number): HourState {
  if (Number.isNaN(startMs) || Number.isNaN(endMs)) return 'ended';
  if (nowMs < startMs) return 'open';
  return nowMs < endMs ? 'playing' : 'ended';
}

/** When a showtime starting at `startMs` ends; a movie without a known length counts as two hours. */
export function showtimeEndMs(startMs: number, durationMinutes: number): number {
  const minutes = Number.isFinite(durationMinutes) && durationMinutes > 0 ? durationMinutes : 120;
  return startMs + minutes * 60_000;
}
