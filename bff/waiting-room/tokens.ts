import { randomBytes } from 'node:crypto';
import { createTokenSeal } from '#bff/plugins/sealed-tokens.ts';

/**
 * The waiting room's two cookies, sealed tokens (bff/plugins/sealed-tokens.ts: AES-256-GCM
 * under a key derived from SESSION_KEYS for this purpose). No replica needs the store to tell a
 * forged or expired token from a real one.
 *
 * - A ticket names the event, the place's random id and its score (the draw stays secret,
 *   and a place the store lost can be put back where it was).
 * - A pass names the event, the ticket and when it ends at the latest; what the store says
 *   (used, revoked, whose account) decides the rest.
 */

/** Why a browser's previous place is gone (its holder was away too long; their turn ended unused). */
export type LostReason = 'absence' | 'turn-ended';
const isLostReason = (value: unknown): value is LostReason => value === 'absence' || value === 'turn-ended';

export interface Ticket {
  eventId: string;
  ticket: string;
  /** The place's score; -1 when not known (an admitted place adopted by another browser). */
  score: number;
  /** Set on a place taken because the previous one was lost: the page says why while it lasts. */
  lost?: LostReason;
}

export interface Pass {
  eventId: string;
  ticket: string;
  /** Epoch milliseconds: the pass is refused after this whatever the store says. */
  expiresAt: number;
}

const PURPOSE = 'viziona waiting room tokens v1';

export interface TokenSealer {
  sealTicket(ticket: Ticket): string;
  openTicket(token: string | undefined): Ticket | null;
  sealPass(pass: Pass): string;
  openPass(token: string | undefined, now: number): Pass | null;
}

/**
 * Random bytes taken from a pool filled 4 KB at a time: an arrival needs 28 (its place id and
 * its ticket's IV), and one call into the system's generator per person showed in the profile of
 * a presale rush. Every byte is handed out once, so no two IVs or place ids share bytes.
 */
const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let poolOffset = 0;

function freshRandom(size: number): Buffer {
  if (poolOffset + size > POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + size);
  poolOffset += size;
  return bytes;
}

/** A new place id: 16 random bytes, base64url. */
export const newTicketId = (): string => freshRandom(16).toString('base64url');

const TICKET_ID = /^[A-Za-z0-9_-]{22}$/;
const EVENT_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

export function createTokenSealer(sessionKeys: readonly Buffer[]): TokenSealer {
  const { seal, open } = createTokenSeal(sessionKeys, { purpose: PURPOSE, maxLength: 400, random: freshRandom });

  return {
    sealTicket: (ticket) =>
      seal('ticket', [ticket.eventId, ticket.ticket, ticket.score, ...(ticket.lost ? [ticket.lost] : [])]),
    openTicket(token) {
      const fields = open('ticket', token);
      if (!fields) return null;
      const [eventId, ticket, score, lost] = fields;
      if (typeof eventId !== 'string' || !EVENT_ID.test(eventId)) return null;
      if (typeof ticket !== 'string' || !TICKET_ID.test(ticket) || typeof score !== 'number') return null;
      return isLostReason(lost) ? { eventId, ticket, score, lost } : { eventId, ticket, score };
    },
    sealPass: (pass) => seal('pass', [pass.eventId, pass.ticket, pass.expiresAt]),
    openPass(token, now) {
      const fields = open('pass', token);
      if (!fields) return null;
      const [eventId, ticket, expiresAt] = fields;
      if (typeof eventId !== 'string' || !EVENT_ID.test(eventId)) return null;
      if (typeof ticket !== 'string' || !TICKET_ID.test(ticket)) return null;
      if (typeof expiresAt !== 'number' || expiresAt <= now) return null;
      return { eventId, ticket, expiresAt };
    },
  };
}
