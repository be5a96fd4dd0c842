import { allRows, getRow, type Database } from '../db/database.ts';
import { bogotaInstant } from '#shared/format/bogota-time.ts';

export interface ShowtimeRow {
  id: number;
  movie_id: number;
  room_id: number;
  function_date: string;
  function_hour: string;
  movie_format: string;
  movie_version: string;
}

const ORDER = 'ORDER BY function_date, function_hour, room_id';

export function showtimeById(db: Database, id: number): ShowtimeRow | undefined {
  return getRow<ShowtimeRow>(db, 'SELECT * FROM showtimes WHERE id = ?', id);
}

export function showtimesOn(db: Database, date: string): ShowtimeRow[] {
  return allRows<ShowtimeRow>(db, `SELECT * FROM showtimes WHERE function_date = ? ${ORDER}`, date);
}

/** Showtimes from `firstDate` to `lastDate` (inclusive), optionally of one movie or room. */
export function showtimesBetween(
  db: Database,
  firstDate: string,
  lastDate: string,
  filter: { movieId?: number; roomId?: number } = {},
): ShowtimeRow[] {
  return allRows<ShowtimeRow>(
    db,
    `SELECT * FROM showtimes WHERE function_date BETWEEN ? AND ?
       AND (? IS NULL OR movie_id = ?) AND (? IS NULL OR room_id = ?) ${ORDER}`,
    firstDate,
    lastDate,
    filter.movieId ?? null,
    filter.movieId ?? null,
    filter.roomId ?? null,
    filter.roomId ?? null,
  );
}

export function showtimeStartMs(row: Pick<ShowtimeRow, 'function_date' | 'function_hour'>): number {
  return bogotaInstant(row.function_date, row.function_hour).getTime();
}

/** Seats held (live) or sold, per showtime. */
export function takenSeatCounts(db: Database, nowMs: number): Map<number, number> {
  const rows = allRows<{ showtime_id: number; taken: number }>(
    db,
    `SELECT showtime_id, COUNT(*) AS taken FROM seat_holds
     WHERE sold = 1 OR expires_at > ? GROUP BY showtime_id`,
    nowMs,
  );
  return new Map(rows.map((row) => [row.showtime_id, row.taken]));
}
