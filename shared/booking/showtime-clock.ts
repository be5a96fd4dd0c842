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
