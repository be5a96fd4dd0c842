import { SignJWT } from 'jose';
import { BOGOTA_UTC_OFFSET, bogotaDate, bogotaTime } from '#shared/format/bogota-time.ts';
import type { GoogleWalletConfig } from '#bff/plugins/wallet-config.ts';
import type { WalletTicket } from './wallet-ticket.ts';

/**
 * "Guardar en Google Wallet": the save link of an event ticket (bff/decisions/wallet-passes.md).
 * The JWT, signed RS256 with the service account's key, carries the showtime's class and one
 * ticket object per code (one QR each, as the ticket page has), so Google creates them when
 * the person saves them: no call to Google's API from here.
 */

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
const LANGUAGE = 'es-CO';
const BACKGROUND = '#0c0b14';

const text = (value: string) => ({ defaultValue: { language: LANGUAGE, value } });

/** Google's ids: the issuer id, a dot, then letters, digits, `.`, `_` or `-`. */
const idSuffix = (value: string): string => value.replace(/[^A-Za-z0-9._-]/g, '_');

/** An instant as Bogotá's wall clock with its offset: '2026-11-26T21:45:00-05:00'. */
const bogotaIso = (instant: Date): string => `${bogotaDate(instant)}T${bogotaTime(instant)}${BOGOTA_UTC_OFFSET}`;

/** 'F-7' as Google's row and seat; any other label is the seat alone. */
function seatInfo(seat: string) {
  const match = /^([A-Za-z]+)-(\d+)$/.exec(seat);
  return match ? { row: text(match[1]!), seat: text(match[2]!) } : { seat: text(seat) };
}

export const eventClassId = (config: GoogleWalletConfig, ticket: WalletTicket): string =>
  `${config.issuerId}.viziona-showtime-${ticket.showtimeId}`;

/** The save link's claims: the class of the showtime and the purchase's tickets. */
export function saveClaims(ticket: WalletTicket, config: GoogleWalletConfig, siteOrigin: string) {
  const classId = eventClassId(config, ticket);
  const eventTicketClass = {
    id: classId,
    issuerName: 'Viziona',
    reviewStatus: 'UNDER_REVIEW',
    eventName: text(ticket.movieTitle),
    venue: { name: text(ticket.theaterName), address: text(ticket.theaterAddress) },
    dateTime: { start: ticket.startsAtText, end: bogotaIso(ticket.endsAt) },
    hexBackgroundColor: BACKGROUND,
  };
  const eventTicketObjects = ticket.codes.map((code) => ({
    id: `${config.issuerId}.${idSuffix(`${ticket.bill}-${code.code}`)}`,
    classId,
    state: 'ACTIVE',
    ticketNumber: code.code,
    reservationInfo: { confirmationCode: ticket.bill },
    seatInfo: seatInfo(code.seat),
    barcode: { type: 'QR_CODE', value: code.code, alternateText: code.code },
    textModulesData: [
      { id: 'date', header: 'Fecha', body: `${ticket.dateText}, ${ticket.hourText}` },
      { id: 'room', header: 'Sala', body: ticket.roomName },
      { id: 'format', header: 'Formato', body: ticket.formatText },
    ],
    linksModuleData: { uris: [{ id: 'ticket', uri: ticket.ticketUrl, description: 'Tus boletas en Viziona' }] },
    hexBackgroundColor: BACKGROUND,
  }));
  return {
    iss: config.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    origins: [siteOrigin],
    payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects },
  };
}

/** The signed "save to Google Wallet" URL of a purchase's tickets. */
export async function googleSaveUrl(
  ticket: WalletTicket,
  config: GoogleWalletConfig,
  siteOrigin: string,
  now: Date,
): Promise<string> {
  const jwt = await new SignJWT(saveClaims(ticket, config, siteOrigin))
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(config.privateKey);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
