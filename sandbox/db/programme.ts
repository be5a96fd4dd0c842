import type { Catalogue } from '../catalogue/catalogue.ts';
import { releaseDate } from '../catalogue/catalogue.ts';
import type { Clock } from '../lib/clock.ts';
import { addDays, timeFromMinutes } from '../lib/calendar.ts';
import { bogotaDate, bogotaTime } from '#shared/format/bogota-time.ts';
import { inTransaction, readMeta, run, writeMeta, type Database } from './database.ts';

// Showtimes are generated per calendar day, deterministically from the date, the first
// time that day enters the eight-day window: a long-lived database keeps a fresh week.

const DAYS_AHEAD = 7;
const SLOT_MINUTES = [11 * 60, 13 * 60 + 40, 16 * 60 + 20, 19 * 60, 21 * 60 + 40];
const STARTED_ROOM_ID = 7;
const STARTED_MOVIE_ID = 6;

function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

function insertShowtime(
  db: Database,
  movieId: number,
  roomId: number,
  date: string,
  hour: string,
  format: string,
  version: string,
): void {
  run(
    db,
    `INSERT INTO showtimes (movie_id, room_id, function_date, function_hour, movie_format, movie_version)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    movieId,
    roomId,
    date,
    hour,
    format,
    version,
  );
}

function generateDay(db: Database, catalogue: Catalogue, date: string): void {
  const showing = catalogue.movies.filter((movie) => movie.status === 'cartelera');
  const presale = catalogue.movies.filter((movie) => movie.status === 'preventa');
  const day = dayNumber(date);
  for (const room of catalogue.rooms) {
    SLOT_MINUTES.forEach((baseMinutes, slot) => {
      const presaleMovie = presale.find((movie) => {
        const release = releaseDate(catalogue, movie);
        return date >= addDays(release, -3) && date < release && room.supports3d && slot >= 3;
      });
      const movie = presaleMovie ?? showing[(room.id * 3 + slot * 5 + day) % showing.length];
      if (movie === undefined) return;
      const format = movie.formats.includes('3D') && room.supports3d && slot % 2 === 1 ? '3D' : '2D';
      const version = movie.versions[(slot + day) % movie.versions.length] ?? 'Subtitulada';
      insertShowtime(db, movie.id, room.id, date, timeFromMinutes(baseMinutes + (room.id - 1) * 10), format, version);
    });
  }
}

/** A showtime that started about 20 minutes ago (never before midnight). */
function addStartedShowtime(db: Database, catalogue: Catalogue, clock: Clock): void {
  const [hours = 0, minutes = 0] = bogotaTime(clock.now()).split(':').map(Number);
  const started = Math.max(0, Math.floor((hours * 60 + minutes - 20) / 5) * 5);
  const movie = catalogue.movieById.get(STARTED_MOVIE_ID);
  if (movie === undefined) return;
  insertShowtime(
    db,
    movie.id,
    STARTED_ROOM_ID,
    bogotaDate(clock.now()),
    timeFromMinutes(started),
    '2D',
    movie.versions[0] ?? 'Subtitulada',
  );
}

/**
 * Makes sure today and the next seven days have showtimes, and today one that has started.
 * Cheap when nothing is missing. The started one is added the first time a day is today, not
 * when its programme was generated: a database that lives past midnight (or a clock moved past
 * it) would otherwise have no started showtime until the day's first slot.
 */
export function ensureProgramme(db: Database, catalogue: Catalogue, clock: Clock): void {
  const today = bogotaDate(clock.now());
  for (let offset = 0; offset <= DAYS_AHEAD; offset += 1) {
    const date = addDays(today, offset);
    const key = `programme:${date}`;
    if (readMeta(db, key) !== undefined) continue;
    inTransaction(db, () => {
      generateDay(db, catalogue, date);
      writeMeta(db, key, 'generated');
    });
  }
  const startedKey = `started:${today}`;
  if (readMeta(db, startedKey) === undefined) {
    inTransaction(db, () => {
      addStartedShowtime(db, catalogue, clock);
      writeMeta(db, startedKey, 'added');
    });
  }
}
