import type { Bill } from '#shared/cinema-api/bills.ts';
import { PAY_STATUS_ACCEPTED } from '#shared/cinema-api/payments.ts';
import { BOGOTA_TIME_ZONE, bogotaDate, bogotaInstant, bogotaTime } from '#shared/format/bogota-time.ts';
import { THEATER_STREET_ADDRESS } from '#shared/theater.ts';
import { sha256 } from '#bff/sha256.ts';
import { icsDocument, icsLocalDateTime, icsText, icsUtcDateTime } from './icalendar.ts';

/**
 * "Agregar a mi calendario": the showtime of an accepted ticket purchase as an iCalendar
 * event (bff/decisions/ticket-calendar.md). Times are Bogotá's wall clock with a TZID and the
 * zone's definition (UTC-5 all year since 1993, so one STANDARD part is exact).
 */

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** How long before the showtime the calendar reminds the person. */
const REMINDER_MINUTES = 60;

const BOGOTA_TIMEZONE_LINES = [
  'BEGIN:VTIMEZONE',
  `TZID:${BOGOTA_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0500',
  'TZNAME:-05',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A property's `TZID=America/Bogota:20261124T193000` for an instant. */
const bogotaDateTime = (instant: number): string =>
  `TZID=${BOGOTA_TIME_ZONE}:${icsLocalDateTime(bogotaDate(instant), bogotaTime(instant))}`;

/**
 * The same UID for the same purchase every time, so a second download updates the event
 * instead of adding another; a digest rather than the bill itself (RFC 7986 §5.3).
 */
function eventUid(bill: string): string {
  const hex = sha256(`viziona-ticket:${bill}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** `viziona-VZ000123.ics`: what the browser saves the file as (bills are letters, digits, `_` and `-`). */
export const calendarFileName = (bill: string): string => `viziona-${bill}.ics`;

export interface TicketCalendarInput {
  bill: Bill;
  /** The ticket page's absolute URL, where the QR codes are. */
  ticketUrl: string;
  now: Date;
}

/** The file's text; null for a purchase without tickets (not accepted, or a membership). */
export function ticketCalendar({ bill, ticketUrl, now }: TicketCalendarInput): string | null {
  const showtime = bill.showtime;
  if (!showtime || bill.pay_status.id !== PAY_STATUS_ACCEPTED) return null;
  const { movie } = showtime;
  const theater = bill.theater.fullname || bill.theater.name;
  const place = `${theater}, ${THEATER_STREET_ADDRESS}`;
  const seats = bill.seats.join(', ');
  const startsAt = bogotaInstant(showtime.function_date, showtime.function_hour).getTime();
  // Without a duration from the catalogue the event has no end: it lasts an instant (§3.6.1).
  const end = movie.duration > 0 ? [`DTEND;${bogotaDateTime(startsAt + movie.duration * 60_000)}`] : [];
  const description = [
    `${movie.title} (${showtime.movie_format}, ${showtime.movie_version})${movie.duration > 0 ? `, ${movie.duration} minutos` : ''}.`,
    `Sala: ${showtime.room_name}`,
    `${bill.seats.length === 1 ? 'Silla' : 'Sillas'}: ${seats}`,
    `Teatro: ${place}`,
    `Consecutivo: ${bill.bill}`,
    `Tus códigos QR: ${ticketUrl}`,
  ].join('\n');

  return icsDocument([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Viziona//Tickets web//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...BOGOTA_TIMEZONE_LINES,
    'BEGIN:VEVENT',
    `UID:${eventUid(bill.bill)}`,
    `DTSTAMP:${icsUtcDateTime(now)}`,
    `DTSTART;${bogotaDateTime(startsAt)}`,
    ...end,
    `SUMMARY:${icsText(`Cine: ${movie.title} · ${showtime.room_name}`)}`,
    `LOCATION:${icsText(place)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${ticketUrl}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${icsText(`${movie.title} empieza en ${REMINDER_MINUTES} minutos (${showtime.room_name}, ${seats}).`)}`,
    `TRIGGER:-PT${REMINDER_MINUTES}M`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}
