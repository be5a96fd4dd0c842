import type { WaitingRoomEvent } from '#shared/waiting-room/event.ts';

/**
 * What the waiting room keeps, shared by every BFF replica: the events, and per event the
 * queue (scores), the admitted places with their deadlines, when each holder was last seen,
 * the account each place belongs to, why each place ended, the admission bucket and the
 * figures. Two implementations keep the same rules: Redis, one Lua script per operation
 * (redis-store.ts, with REDIS_URL), and this process's memory (memory-store.ts, one replica).
 * tests/bff/waiting-room-store.test.ts runs the same cases against both.
 */

/** Why a place ended. */
export const END_REASONS = ['used', 'expired', 'revoked', 'abandoned', 'merged'] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface Arrival {
  ticket: string;
  score: number;
  /** The account's e-mail when the arrival is logged in: one place per account. */
  account: string | null;
  /** The client's address, counted against the new places an address may take (none: not counted). */
  address?: string | null;
}

/** What an arrival got: its new place, or the place its account already holds. */
export interface Joined {
  ticket: string;
  score: number;
  adopted: boolean;
}

/**
 * An arrival refused because its address took its new places of the window already, or holds
 * as many live places as an address may (then asked to come back in a window).
 */
export interface AddressLimited {
  refused: true;
  retryAfterMs: number;
}

/**
 * How many new places one address may take in an event's queue, per window, and how many live
 * places (queued or admitted, not yet ended) it may hold at once for the whole event.
 */
export interface AddressLimit {
  max: number;
  windowMs: number;
  liveMax: number;
}

export const NO_ADDRESS_LIMIT: AddressLimit = {
  max: Number.MAX_SAFE_INTEGER,
  windowMs: 60_000,
  liveMax: Number.MAX_SAFE_INTEGER,
};

export type PlaceRecord =
  | {
      state: 'queued';
      /** 0 for the head. */
      rank: number;
      waiting: number;
      /** People ahead when this place was first read after the sale started; null before. */
      aheadAtStart: number | null;
    }
  | { state: 'admitted'; deadline: number; admittedAt: number }
  | { state: 'ended'; reason: EndReason | 'unknown' }
  /** The account holds another place (another browser's): this browser takes it. */
  | { state: 'moved'; ticket: string; score: number }
  /** The place belongs to another account (a copied cookie): this person has no place. */
  | { state: 'foreign' };

export interface PlaceQuery {
  now: number;
  /** The ticket's own score (from its token): a place the store lost is put back with it. */
  score: number;
  /** The logged-in account reading it, bound to the place (one place per account). */
  account: string | null;
  /** Whether the sale has started (progress is counted from the first read after it). */
  started: boolean;
}

export interface AdmissionRound {
  now: number;
  saleStartsAt: number;
  admissionsPerMinute: number;
  maxBuyers: number;
  admissionTtlMs: number;
  graceMs: number;
}

export interface AdmissionResult {
  admitted: Array<{ ticket: string; waitedMs: number }>;
  abandoned: number;
  /** Passes that ended unused (their admission time ran out). */
  expiredUnused: number;
  /** Passes that ended after a hold, their purchase window over. */
  expiredUsed: number;
}

export type PassCheck = { ok: true; deadline: number } | { ok: false; reason: 'ended' | 'taken' };

export interface PassUse {
  now: number;
  /** The logged-in account using it: the place is bound to the first account that reads or uses it. */
  account: string | null;
  /** A hold, a reservation, a payment (not a read): the purchase window starts. */
  use: boolean;
  purchaseWindowMs: number;
}

/** What is happening in an event now, read at most once a second per replica. */
export interface EventPulse {
  waiting: number;
  buying: number;
  /** Admissions a minute measured over the last minute (null before any, or paused). */
  admittedPerMinute: number | null;
}

export interface EventFigures extends EventPulse {
  admitted: number;
  passes: Record<EndReason, number>;
  /** Waits of the admitted (ms), from arrival or the sale's start: the last 2,000. */
  waitP50Ms: number | null;
  waitP95Ms: number | null;
}

export interface WaitingRoomStore {
  readonly kind: 'redis' | 'memory';
  listEvents(): Promise<WaitingRoomEvent[]>;
  saveEvent(event: WaitingRoomEvent): Promise<void>;
  /**
   * Adds arrivals to the queue (the replicas batch them); an account's live place is kept, and
   * an address past `limit` new places in its window gets none.
   */
  join(
    eventId: string,
    arrivals: readonly Arrival[],
    now: number,
    limit?: AddressLimit,
  ): Promise<Array<Joined | AddressLimited>>;
  place(eventId: string, ticket: string, query: PlaceQuery): Promise<PlaceRecord>;
  admit(eventId: string, round: AdmissionRound): Promise<AdmissionResult>;
  checkPass(eventId: string, ticket: string, use: PassUse): Promise<PassCheck>;
  /** Ends an admitted place's pass; false when it had none. */
  endPass(eventId: string, ticket: string, reason: 'used' | 'revoked'): Promise<boolean>;
  /** The place an account holds, if any. */
  ticketOfAccount(eventId: string, account: string): Promise<string | null>;
  pulse(eventId: string, now: number): Promise<EventPulse>;
  figures(eventId: string, now: number): Promise<EventFigures>;
}

/** Admissions are counted in slots of this length; the measured rate reads the last minute of them. */
export const RATE_SLOT_MS = 10_000;
export const RATE_WINDOW_MS = 60_000;
/** Waits kept for the percentiles. */
export const WAITS_KEPT = 2_000;

/** The measured rate from admissions counted per slot: per minute, over the last minute or since the start. */
export function measuredRate(counts: ReadonlyMap<number, number>, now: number, since: number): number | null {
  const slot = Math.floor(now / RATE_SLOT_MS);
  const windowStart = Math.max(since, (slot + 1) * RATE_SLOT_MS - RATE_WINDOW_MS);
  const seconds = (now - windowStart) / 1000;
  let admitted = 0;
  for (let index = slot - RATE_WINDOW_MS / RATE_SLOT_MS + 1; index <= slot; index += 1)
    admitted += counts.get(index) ?? 0;
  if (admitted === 0 || seconds <= 0) return null;
  return (admitted / Math.max(seconds, 1)) * 60;
}

/** The nearest-rank percentile of a list of numbers, or null for none. */
export function percentile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? null;
}
