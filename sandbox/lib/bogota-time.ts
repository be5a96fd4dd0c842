// America/Bogota has had no daylight saving time since 1993: a fixed UTC-5 offset keeps
// every conversion exact without Intl.

const OFFSET_MS = 5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_NAMES = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function wallClock(instant: Date): Date {
  return new Date(instant.getTime() - OFFSET_MS);
}

/** 'YYYY-MM-DD' of the instant, in Bogota. */
export function bogotaDate(instant: Date): string {
  const local = wallClock(instant);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** 'HH:mm:ss' of the instant, in Bogota. */
export function bogotaTime(instant: Date): string {
  const local = wallClock(instant);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' of the instant, in Bogota. */
export function bogotaDateTime(instant: Date | number): string {
  const date = typeof instant === 'number' ? new Date(instant) : instant;
  return `${bogotaDate(date)} ${bogotaTime(date)}`;
}

/** The instant of a Bogota wall-clock date and time. */
export function bogotaInstant(date: string, time = '00:00:00'): Date {
  return new Date(Date.parse(`${date}T${time}Z`) + OFFSET_MS);
}

/** The calendar day `days` after `date`. */
export function addDays(date: string, days: number): string {
  const utc = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  return new Date(utc).toISOString().slice(0, 10);
}

export function isDateText(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** 'Sábado, 2026-11-22'. */
export function dateString(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return `${DAY_NAMES[weekday] ?? ''}, ${date}`;
}

/** '19:30:00' → '7:30 PM'. */
export function hourString(time: string): string {
  const [hoursText = '0', minutes = '00'] = time.split(':');
  const hours = Number(hoursText);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${minutes} ${suffix}`;
}

/** Minutes since midnight → 'HH:mm:00'. */
export function timeFromMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}
