import type { Bill, TicketCode } from '#shared/cinema-api/bills.ts';
import { PAY_STATUS_ACCEPTED } from '#shared/cinema-api/payments.ts';
import { bogotaDateTime, bogotaInstant } from '#shared/format/bogota-time.ts';
import { formatHour, formatLongDate } from '#shared/format/dates.ts';
import { THEATER_STREET_ADDRESS } from '#shared/theater.ts';

/**
 * What both wallets' tickets say, taken from the bill as the ticket page takes it: the same
 * codes (one QR each), the showtime on Bogotá's clock, the room, the seats and the theatre.
 */
export interface WalletTicket {
  bill: string;
  showtimeId: number;
  movieTitle: string;
  /** '2D · Subtitulada'. */
  formatText: string;
  /** 'Jueves, 26 de noviembre' and '7:30 p. m.', as the ticket page writes them. */
  dateText: string;
  hourText: string;
  /** '2026-11-26T19:30:00-05:00': the start with Bogotá's offset. */
  startsAtText: string;
  startsAt: Date;
  /** The start plus the movie's duration (three hours when the catalogue gives none). */
  endsAt: Date;
  roomName: string;
  seats: string[];
  codes: TicketCode[];
  theaterName: string;
  theaterAddress: string;
  /** The ticket page's absolute URL. */
  ticketUrl: string;
}

/** When the catalogue has no duration, a showtime is taken to last this long. */
const UNKNOWN_DURATION_MINUTES = 180;

/** The ticket of an accepted purchase with a showtime and codes; null for any other bill. */
export function walletTicketOf(bill: Bill, siteOrigin: string): WalletTicket | null {
  const showtime = bill.showtime;
  if (!showtime || bill.pay_status.id !== PAY_STATUS_ACCEPTED || bill.codes.length === 0) return null;
  const startsAt = bogotaInstant(showtime.function_date, showtime.function_hour);
  const startsAtText = bogotaDateTime(showtime.function_date, showtime.function_hour);
  if (Number.isNaN(startsAt.getTime()) || startsAtText === null) return null;
  const minutes = showtime.movie.duration > 0 ? showtime.movie.duration : UNKNOWN_DURATION_MINUTES;
  return {
    bill: bill.bill,
    showtimeId: showtime.id,
    movieTitle: showtime.movie.title,
    formatText: `${showtime.movie_format} · ${showtime.movie_version}`,
    dateText: formatLongDate(showtime.function_date),
    hourText: formatHour(showtime.function_hour),
    startsAtText,
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * 60_000),
    roomName: showtime.room_name,
    seats: bill.seats,
    codes: bill.codes,
    theaterName: bill.theater.fullname || bill.theater.name,
    theaterAddress: THEATER_STREET_ADDRESS,
    ticketUrl: new URL(`/ticket/${encodeURIComponent(bill.bill)}`, siteOrigin).href,
  };
}
