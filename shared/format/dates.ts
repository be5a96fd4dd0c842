import { BOGOTA_TIME_ZONE, bogotaInstant, hourPattern, isoDatePattern } from './bogota-time.ts';

/**
 * Dates and hours as the cinema shows them: Spanish (es-CO), always in Bogotá time, whatever
 * the server's or the browser's zone. The upstream sends calendar dates ("2026-11-22") and wall
 * clock hours ("19:30:00") of the theater, so both are read as Bogotá local time
 * (`bogota-time.ts`).
 */

/** Midday of a Bogotá calendar date, so formatting it never slips to a neighbouring day. */
function bogotaNoon(isoDate: string): Date | null {
  const match = isoDatePattern.exec(isoDate);
  if (!match) return null;
  const date = bogotaInstant(`${match[1]}-${match[2]}-${match[3]}`, '12:00:00');
  return Number.isNaN(date.getTime()) ? null : date;
}

const longDate = new Intl.DateTimeFormat('es-CO', { timeZone: BOGOTA_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
const longDateWithYear = new Intl.DateTimeFormat('es-CO', { timeZone: BOGOTA_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
const weekday = new Intl.DateTimeFormat('es-CO', { timeZone: BOGOTA_TIME_ZONE, weekday: 'short' });
const dayMonth = new Intl.DateTimeFormat('es-CO', { timeZone: BOGOTA_TIME_ZONE, day: 'numeric', month: 'short' });
const hourFormat = new Intl.DateTimeFormat('es-CO', { timeZone: BOGOTA_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });

const tidy = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');
const capitalise = (text: string): string => text.charAt(0).toLocaleUpperCase('es-CO') + text.slice(1);

/** "Domingo, 22 de noviembre". */
export function formatLongDate(isoDate: string): string {
  const date = bogotaNoon(isoDate);
  return date ? capitalise(tidy(longDate.format(date))) : isoDate;
}

/** "22 de noviembre de 2026". */
export function formatReleaseDate(isoDate: string): string {
  const date = bogotaNoon(isoDate);
  return date ? tidy(longDateWithYear.format(date)) : isoDate;
}

/** The two lines of a date button: "Dom" and "22 nov". */
export function formatDateButton(isoDate: string): { weekday: string; day: string } {
  const date = bogotaNoon(isoDate);
  if (!date) return { weekday: '', day: isoDate };
  return {
    weekday: capitalise(tidy(weekday.format(date)).replace(/\.$/, '')),
    day: dayMonth
      .formatToParts(date)
      .filter((part) => part.type === 'day' || part.type === 'month')
      .map((part) => part.value.replace(/\.$/, ''))
      .join(' '),
  };
}

/** A theater wall-clock hour ("19:30:00") as "7:30 p. m.". */
export function formatHour(hour: string): string {
  const match = hourPattern.exec(hour.trim());
  if (!match) return hour;
  const date = bogotaInstant('2000-01-01', `${match[1]!.padStart(2, '0')}:${match[2]}:00`);
  return Number.isNaN(date.getTime()) ? hour : tidy(hourFormat.format(date));
}

/** A duration in minutes as "2 h 15 min". */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** ISO 8601 duration for structured data ("PT135M"). */
export function isoDuration(minutes: number): string | null {
  return Number.isFinite(minutes) && minutes > 0 ? `PT${Math.round(minutes)}M` : null;
}
