import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HoldView } from '../../shared/views/booking.ts';

/**
 * The person's seat hold, kept in the sealed session cookie next to the upstream token: the
 * consecutive, the showtime, the zone and its Tarifa, the seats as the cinema API wants them
 * and the expiry. Only the browser holding this cookie can pay for or release the hold, and
 * the browser cannot read or change it. One hold per person: a new reservation for another
 * showtime releases the old one first.
 */
const HeldSeatSchema = z.object({
  Fila: z.number(),
  Columna: z.number(),
  FilRelativa: z.string(),
  ColRelativa: z.number(),
  Tarifa: z.string(),
});

export const HoldStateSchema = z.object({
  /** Whose hold it is (the session's e-mail): a session of someone else never uses it. */
  owner: z.string(),
  showtimeId: z.number(),
  consecutive: z.number(),
  /** Zone name and the Tarifa (price code) the seats were reserved with. */
  zone: z.string(),
  tarifa: z.string(),
  seats: z.array(HeldSeatSchema),
  /** Seat labels 'F-7', in the order reserved. */
  labels: z.array(z.string()),
  /** Epoch milliseconds when the hold ends. */
  expiresAt: z.number(),
});
export type HoldState = z.infer<typeof HoldStateSchema>;
export type HeldSeat = z.infer<typeof HeldSeatSchema>;

declare module '@fastify/secure-session' {
  interface SessionData {
    hold: HoldState;
  }
}

const ownerOf = (request: FastifyRequest): string | null => request.auth?.user.email ?? null;

/** The session's hold, if it belongs to the logged-in person (expired or not). */
export function readHold(request: FastifyRequest): HoldState | null {
  const owner = ownerOf(request);
  if (!owner) return null;
  const parsed = HoldStateSchema.safeParse(request.session.get('hold'));
  if (!parsed.success || parsed.data.owner !== owner) return null;
  return parsed.data;
}

/** The hold when it is still running. */
export function readLiveHold(request: FastifyRequest, now: number = Date.now()): HoldState | null {
  const hold = readHold(request);
  return hold && hold.expiresAt > now ? hold : null;
}

export function saveHold(request: FastifyRequest, hold: Omit<HoldState, 'owner'>): HoldState {
  const owner = ownerOf(request);
  if (!owner) throw new Error('saveHold needs a session');
  const state: HoldState = { ...hold, owner };
  request.session.set('hold', state);
  return state;
}

export function clearHold(request: FastifyRequest): void {
  if (request.session.get('hold') !== undefined) request.session.set('hold', undefined);
}

export function toHoldView(hold: HoldState, now: number = Date.now()): HoldView {
  return {
    showtimeId: hold.showtimeId,
    zone: hold.zone,
    seats: hold.labels,
    expiresAt: hold.expiresAt,
    secondsLeft: Math.max(0, Math.ceil((hold.expiresAt - now) / 1000)),
  };
}
