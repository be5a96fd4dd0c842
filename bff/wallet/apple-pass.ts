import { readFileSync } from 'node:fs';
import { PKPass } from 'passkit-generator';
import type { AppleWalletConfig } from '#bff/plugins/wallet-config.ts';
import type { WalletTicket } from './wallet-ticket.ts';

/**
 * "Agregar a Apple Wallet": one event-ticket pass per code, as the ticket page has one QR per
 * seat, grouped by the purchase (bff/decisions/wallet-passes.md). One seat gives a `.pkpass`;
 * several give a `.pkpasses` bundle, which Safari adds to Wallet in one go.
 */

export const PKPASS_MEDIA_TYPE = 'application/vnd.apple.pkpass';
export const PKPASSES_MEDIA_TYPE = 'application/vnd.apple.pkpasses';

/** The pass's pictures (the brand mark at the sizes Wallet asks for), read once. */
const IMAGES = Object.fromEntries(
  ['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png', 'logo@3x.png'].map((name) => [
    name,
    readFileSync(new URL(`./assets/${name}`, import.meta.url)),
  ]),
);

/** The brand's colours (site/styles' ink, white and gold). */
const COLORS = {
  backgroundColor: 'rgb(12, 11, 20)',
  foregroundColor: 'rgb(255, 255, 255)',
  labelColor: 'rgb(255, 197, 61)',
};

/** The pass is relevant (on the lock screen) from two hours before the showtime to its end. */
const RELEVANT_BEFORE_MS = 2 * 3_600_000;
/** Wallet moves the pass to "expired" an hour after the showtime ends. */
const EXPIRES_AFTER_END_MS = 3_600_000;

function passJson(ticket: WalletTicket, config: AppleWalletConfig, code: WalletTicket['codes'][number]) {
  const place = `${ticket.theaterName}, ${ticket.theaterAddress}`;
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeIdentifier,
    teamIdentifier: config.teamIdentifier,
    serialNumber: `${ticket.bill}-${code.code}`,
    groupingIdentifier: ticket.bill,
    organizationName: 'Viziona',
    description: `Boleta de cine: ${ticket.movieTitle}, silla ${code.seat}`,
    logoText: 'Viziona',
    ...COLORS,
    eventTicket: {
      headerFields: [{ key: 'hour', label: 'Hora', value: ticket.hourText }],
      primaryFields: [{ key: 'movie', label: 'Película', value: ticket.movieTitle }],
      secondaryFields: [
        { key: 'date', label: 'Fecha', value: ticket.dateText },
        { key: 'room', label: 'Sala', value: ticket.roomName, textAlignment: 'PKTextAlignmentRight' },
      ],
      auxiliaryFields: [
        { key: 'seat', label: 'Silla', value: code.seat },
        { key: 'format', label: 'Formato', value: ticket.formatText },
        { key: 'theater', label: 'Teatro', value: ticket.theaterName, textAlignment: 'PKTextAlignmentRight' },
      ],
      backFields: [
        { key: 'place', label: 'Dirección', value: place },
        {
          key: 'seats',
          label: ticket.seats.length === 1 ? 'Silla' : 'Sillas de la compra',
          value: ticket.seats.join(', '),
        },
        { key: 'bill', label: 'Consecutivo', value: ticket.bill },
        { key: 'code', label: 'Código', value: code.code },
        {
          key: 'ticketPage',
          label: 'Tus boletas',
          value: ticket.ticketUrl,
          attributedValue: `<a href="${ticket.ticketUrl}">Ver en viziona</a>`,
        },
      ],
    },
  };
}

function passFor(ticket: WalletTicket, config: AppleWalletConfig, code: WalletTicket['codes'][number]): PKPass {
  const pass = new PKPass(
    { ...IMAGES, 'pass.json': Buffer.from(JSON.stringify(passJson(ticket, config, code))) },
    {
      wwdr: config.wwdrCertificate,
      signerCert: config.signerCertificate,
      signerKey: config.signerKey.reveal(),
    },
  );
  // The QR carries the code itself, as the ticket page's image does.
  pass.setBarcodes({
    format: 'PKBarcodeFormatQR',
    message: code.code,
    messageEncoding: 'iso-8859-1',
    altText: code.code,
  });
  pass.setRelevantDate(ticket.startsAt);
  pass.setRelevantDates([
    { startDate: new Date(ticket.startsAt.getTime() - RELEVANT_BEFORE_MS), endDate: ticket.endsAt },
  ]);
  pass.setExpirationDate(new Date(ticket.endsAt.getTime() + EXPIRES_AFTER_END_MS));
  return pass;
}

export interface WalletFile {
  body: Buffer;
  mediaType: typeof PKPASS_MEDIA_TYPE | typeof PKPASSES_MEDIA_TYPE;
  extension: 'pkpass' | 'pkpasses';
}

/** The signed file of a purchase's passes. */
export function applePasses(ticket: WalletTicket, config: AppleWalletConfig): WalletFile {
  const passes = ticket.codes.map((code) => passFor(ticket, config, code));
  if (passes.length === 1) return { body: passes[0]!.getAsBuffer(), mediaType: PKPASS_MEDIA_TYPE, extension: 'pkpass' };
  return { body: PKPass.pack(...passes).getAsBuffer(), mediaType: PKPASSES_MEDIA_TYPE, extension: 'pkpasses' };
}

/**
 * The download's name, `viziona-{bill}.pkpass(es)`, from the bill of the route's checked path
 * parameter (`BillParamsSchema`): never the cinema API's own bill number, which a header must
 * not carry unchecked.
 */
export const passFileName = (checkedBill: string, file: WalletFile): string =>
  `viziona-${checkedBill}.${file.extension}`;
