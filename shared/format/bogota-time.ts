/**
 * Bogotá time, the one clock of the cinema: the site, the BFF, the sandbox and the tests turn
 * instants into Bogotá calendar dates and wall-clock hours, and back, only through here.
 * America/Bogota has kept UTC-5 all year since 1993 (no daylight saving time), so a fixed
 * offset is exact and needs no Intl. Spanish display formats live in `dates.ts`.
 */

export const BOGOTA_TIME_ZONE = 'America/Bogota';
/** The zone's offset as ISO 8601 writes it. */
export const BOGOTA_UTC_OFFSET = '-05:00';
const OFFSET_MS = 5 * 60 * 60 * 1000;

/** The start of a calendar date, 'YYYY-MM-DD…': year, month, day. */
export const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})/;
/** The start of a wall-clock hour, 'H:mm[:ss]…': hours, minutes, seconds. */
export const hourPattern = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/;
const timestampPattern = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/;

const pad = (value: number): string => String(value).padStart(2, '0');

/** The instant moved by the offset, so its UTC fields read as Bogotá's wall clock. */
function wallClock(instant: Date | number): Date {
  return new Date((typeof instant === 'number' ? instant : instant.getTime()) - OFFSET_MS);
}

/** 'YYYY-MM-DD' of the instant, in Bogotá. */
export function bogotaDate(instant: Date | number): string {
  const local = wallClock(instant);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** Today's calendar date in Bogotá, 'YYYY-MM-DD'. */
export function bogotaToday(): string {
  return bogotaDate(Date.now());
}

/** 'HH:mm:ss' (24 h) of the instant, in Bogotá. */
export function bogotaTime(instant: Date | number): string {
  const local = wallClock(instant);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' of the instant in Bogotá: the cinema API's timestamps. */
export function bogotaTimestamp(instant: Date | number): string {
  return `${bogotaDate(instant)} ${bogotaTime(instant)}`;
}

/** The instant of a Bogotá calendar date ('YYYY-MM-DD') and wall-clock time ('HH:mm[:ss]'); an invalid Date when malformed. */
export function bogotaInstant(date: string, time = '00:00:00'): Date {
  return new Date(Date.parse(`${date}T${time}Z`) + OFFSET_MS);
}

/** A cinema API timestamp ('YYYY-MM-DD HH:mm[:ss]', or with a 'T') as epoch milliseconds; NaN when malformed. */
export function parseBogotaTimestamp(text: string): number {
  const match = timestampPattern.exec(text.trim());
  return match ? bogotaInstant(match[1]!, match[2]).getTime() : Number.NaN;
}

/** A theater's date and wall-clock hour ('19:30:00') as an ISO 8601 instant with Bogotá's offset; null when unreadable. */
export function bogotaDateTime(isoDate: string, hour: string): string | null {
  const day = isoDatePattern.exec(isoDate);
  const time = hourPattern.exec(hour.trim());
  if (!day || !time) return null;
  return `${day[1]}-${day[2]}-${day[3]}T${time[1]!.padStart(2, '0')}:${time[2]}:00${BOGOTA_UTC_OFFSET}`;
}
