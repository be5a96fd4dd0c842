// Calendar days and the cinema API's display strings. Instants become Bogotá dates and hours
// through shared/format/bogota-time.ts.

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_NAMES = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];

const pad = (value: number): string => String(value).padStart(2, '0');

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
