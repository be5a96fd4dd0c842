import { SignJWT } from 'jose';
import { BOGOTA_UTC_OFFSET, bogotaDate, bogotaTime } from '#shared/format/bogota-time.ts';
import type { GoogleWalletConfig } from '#bff/plugins/wallet-config.ts';
import type { GoogleWalletApi } from './google-api.ts';
import type { WalletTicket } from './wallet-ticket.ts';

/**
 * "Guardar en Google Wallet": the save link of an event ticket (bff/decisions/wallet-passes.md).
 * The showtime's class and one ticket object per code (one QR each, as the ticket page has) are
 * inserted (or updated) through Google's Wallet API first; the link's JWT, signed RS256 with the
 * service account's key, then names only the objects' ids (Google's "skinny" JWT), so the link
 * is short whatever the number of seats and fits any proxy's header buffers and any browser.
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

/** How long a save link is accepted after it is made: it is followed at once, from the click that made it. */
export const SAVE_LINK_SECONDS = 30 * 60;

/** The showtime's class and the purchase's ticket objects, as the Wallet API takes them. */
export function walletResources(ticket: WalletTicket, config: GoogleWalletConfig) {
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
  return { eventTicketClass, eventTicketObjects };
}

/**
 * The signed "save to Google Wallet" URL of a purchase's tickets: the class and the objects
 * saved through the API (the class first: an object names it), then a JWT naming the objects.
 */
export async function googleSaveUrl(
  ticket: WalletTicket,
  config: GoogleWalletConfig,
  siteOrigin: string,
  now: Date,
  api: GoogleWalletApi,
): Promise<string> {
  const { eventTicketClass, eventTicketObjects } = walletResources(ticket, config);
  await api.save('eventTicketClass', eventTicketClass);
  await Promise.all(eventTicketObjects.map((object) => api.save('eventTicketObject', object)));
  const issuedAt = Math.floor(now.getTime() / 1000);
  const jwt = await new SignJWT({
    origins: [siteOrigin],
    typ: 'savetowallet',
    payload: { eventTicketObjects: eventTicketObjects.map(({ id }) => ({ id })) },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SAVE_LINK_SECONDS)
    .sign(config.privateKey);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
