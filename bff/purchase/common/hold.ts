import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HoldView } from '#shared/views/booking.ts';
import { ownerOf } from '#bff/plugins/session-guard.ts';

/** A hold lives in the shared store only: that is all its functions need of the BFF. */
type HoldNeeds = Pick<FastifyInstance, 'sharedStore'>;

/**
 * A person's seat hold, kept on the server side of the boundary (`app.sharedStore`: Redis
 * when REDIS_URL is set, so every replica sees it; memory otherwise), one per person, keyed
 * by the session's e-mail. The cookie carries none of it, so its size does not grow with
 * seats or names, and a browser that ignores Set-Cookie still has only this one hold.
 *
 * Every write but the reservation's own (which runs under the person's reservation lock)
 * is a compare-and-swap on the whole record, so a late write never overwrites a newer hold.
 */
const HeldSeatSchema = z.object({
  Fila: z.number(),
  Columna: z.number(),
  FilRelativa: z.string(),
  ColRelativa: z.number(),
  Tarifa: z.string(),
});

const HoldStateSchema = z.object({
  /** A new id for every reservation: what swaps compare and pages follow. */
  id: z.string(),
  /** Whose hold it is (the session's e-mail). */
  owner: z.string(),
  showtimeId: z.number(),
  /** '12:10 p. m., Sala VIP 1': how messages name the showtime. */
  showtimeText: z.string(),
  consecutive: z.number(),
  /** Zone name and the Tarifa (price code) the seats were reserved with. */
  zone: z.string(),
  tarifa: z.string(),
  seats: z.array(HeldSeatSchema),
  /** Seat labels 'F-7', in the order reserved. */
  labels: z.array(z.string()),
  /** Epoch milliseconds when the hold ends. */
  expiresAt: z.number(),
  /** Paid (accepted or pending): the seats belong to a bill now. */
  settled: z.boolean().default(false),
  /** Set by a page that left: released after a grace unless a page of the hold claims it. */
  leaving: z.string().nullable().default(null),
});
export type HoldState = z.infer<typeof HoldStateSchema>;
export type HeldSeat = z.infer<typeof HeldSeatSchema>;

/** The record outlives the hold a while, so a late payment hears "expired", not "no hold". */
const KEEP_AFTER_EXPIRY_MS = 15 * 60_000;

const holdKey = (owner: string): string => `hold:${owner}`;

/** The record as stored (for swaps) and parsed. */
interface StoredHold {
  raw: string;
  hold: HoldState;
}

async function readStored(app: HoldNeeds, owner: string): Promise<StoredHold | null> {
  const raw = await app.sharedStore.get(holdKey(owner));
  if (raw === null) return null;
  try {
    const parsed = HoldStateSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.owner === owner ? { raw, hold: parsed.data } : null;
  } catch {
    return null;
  }
}

const ttlOf = (hold: HoldState, now: number): number => Math.max(1_000, hold.expiresAt - now + KEEP_AFTER_EXPIRY_MS);

/** The person's hold record (expired, settled or live), if any. */
export async function readHold(app: HoldNeeds, request: FastifyRequest): Promise<HoldState | null> {
  const owner = ownerOf(request);
  return owner ? ((await readStored(app, owner))?.hold ?? null) : null;
}

export const isLive = (hold: HoldState, now: number = Date.now()): boolean => !hold.settled && hold.expiresAt > now;

/** The hold when it is still running and unpaid. */
export async function readLiveHold(
  app: HoldNeeds,
  request: FastifyRequest,
  now: number = Date.now(),
): Promise<HoldState | null> {
  const hold = await readHold(app, request);
  return hold && isLive(hold, now) ? hold : null;
}

/** Stores a new hold (only under the person's reservation lock). */
export async function saveHold(
  app: HoldNeeds,
  request: FastifyRequest,
  hold: Omit<HoldState, 'owner' | 'id' | 'settled' | 'leaving'>,
): Promise<HoldState> {
  const owner = ownerOf(request);
  if (!owner) throw new Error('saveHold needs a session');
  const state: HoldState = { ...hold, owner, id: randomUUID(), settled: false, leaving: null };
  await app.sharedStore.set(holdKey(owner), JSON.stringify(state), ttlOf(state, Date.now()));
  return state;
}

/**
 * Changes the hold `id` with `change` if it is still the stored one. Answers the new state,
 * or null when the hold was replaced or removed meanwhile (nothing is written then).
 */
export async function updateHold(
  app: HoldNeeds,
  owner: string,
  id: string,
  change: (hold: HoldState) => HoldState | null,
): Promise<HoldState | null> {
  const stored = await readStored(app, owner);
  if (!stored || stored.hold.id !== id) return null;
  const next = change(stored.hold);
  if (next === null) {
    await app.sharedStore.deleteIfEquals(holdKey(owner), stored.raw);
    return null;
  }
  const written = await app.sharedStore.swap(holdKey(owner), stored.raw, JSON.stringify(next), ttlOf(next, Date.now()));
  return written ? next : null;
}

/** Forgets the hold `id` (if it is still the stored one). */
export async function forgetHold(app: HoldNeeds, hold: HoldState): Promise<void> {
  await updateHold(app, hold.owner, hold.id, () => null);
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
