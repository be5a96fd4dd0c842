import { z } from 'zod';

/**
 * A presale event of the waiting room, as operators configure it (bff/waiting-room/
 * operators/operator-api.ts) and every BFF replica reads it: what it covers, when its pre-queue and
 * its sale start, how many people may buy at once and how many new ones a minute, how long an
 * unused admission lasts, whether joining asks for the captcha, and its state.
 */

export const WAITING_ROOM_STATES = ['scheduled', 'open', 'paused', 'free', 'ended'] as const;
/** An event's id: lower-case letters, digits and dashes (it is part of Redis keys and cookies). */
export const EVENT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
const MOVIE_SLUG_PATTERN = /^[A-Za-z0-9-]{1,120}$/;

export const WaitingRoomScopeSchema = z.discriminatedUnion('kind', [
  /** Every purchase of a showtime. */
  z.object({ kind: z.literal('all') }),
  z.object({
    kind: z.literal('showtimes'),
    showtimeIds: z.array(z.int().positive().max(2_147_483_647)).min(1).max(1_000),
  }),
  z.object({ kind: z.literal('movies'), movieSlugs: z.array(z.string().regex(MOVIE_SLUG_PATTERN)).min(1).max(100) }),
]);
export type WaitingRoomScope = z.infer<typeof WaitingRoomScopeSchema>;

/** The numbers an operator may change while an event runs. */
export const WaitingRoomLimitsSchema = z.object({
  /** How many admitted people may be buying at once (passes alive). */
  maxBuyers: z.int().min(1).max(1_000_000),
  /** How many new people a minute leave the head of the queue, at most. */
  admissionsPerMinute: z.int().min(1).max(1_000_000),
  /** How long an admission lasts while its pass has not been used for a hold. */
  admissionTtlSeconds: z.int().min(30).max(3_600),
  /** Whether joining asks for the ALTCHA proof of work. */
  captcha: z.boolean(),
});

export const WaitingRoomEventSchema = WaitingRoomLimitsSchema.extend({
  id: z.string().regex(EVENT_ID_PATTERN),
  name: z.string().trim().min(1).max(120),
  scope: WaitingRoomScopeSchema,
  /** Epoch milliseconds: arrivals from here on wait in the pre-queue. */
  preQueueStartsAt: z.int().nonnegative(),
  /** Epoch milliseconds: the pre-queue is drawn and admissions begin. */
  saleStartsAt: z.int().nonnegative(),
  state: z.enum(WAITING_ROOM_STATES),
  /** When the event was created; the earlier of two events covering one showtime wins. */
  createdAt: z.int().nonnegative(),
});
export type WaitingRoomEvent = z.infer<typeof WaitingRoomEventSchema>;

/**
 * Where an event stands at an instant:
 * - `before`: its pre-queue has not started; it holds nobody (purchases go through as usual).
 * - `prequeue`: arrivals wait; nobody is admitted; the order is drawn when the sale starts.
 * - `selling`: admissions run at the event's rate, pre-queue first, then first come first served.
 * - `paused`: arrivals still join; nobody is admitted.
 * - `free`: everybody goes through (the operator let the queue go).
 * - `ended`: the event covers nothing any more.
 */
export type WaitingRoomPhase = 'before' | 'prequeue' | 'selling' | 'paused' | 'free' | 'ended';

export function phaseOf(
  event: Pick<WaitingRoomEvent, 'state' | 'preQueueStartsAt' | 'saleStartsAt'>,
  now: number,
): WaitingRoomPhase {
  switch (event.state) {
    case 'ended':
      return 'ended';
    case 'free':
      return 'free';
    case 'paused':
      return now < event.preQueueStartsAt ? 'before' : 'paused';
    case 'open':
      return 'selling';
    case 'scheduled':
      if (now < event.preQueueStartsAt) return 'before';
      return now < event.saleStartsAt ? 'prequeue' : 'selling';
  }
}

/** Phases in which a covered purchase needs a pass, and arrivals join the queue. */
export function holdsPurchases(phase: WaitingRoomPhase): boolean {
  return phase === 'prequeue' || phase === 'selling' || phase === 'paused';
}

/** What the purchase of a showtime is, for coverage: its id and its movie's slug (when known). */
export interface ShowtimeRef {
  showtimeId: number;
  movieSlug: string | null;
}

export function coversShowtime(scope: WaitingRoomScope, showtime: ShowtimeRef): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'showtimes':
      return scope.showtimeIds.includes(showtime.showtimeId);
    case 'movies':
      return showtime.movieSlug !== null && scope.movieSlugs.includes(showtime.movieSlug);
  }
}

/** Whether coverage of this scope depends on the showtime's movie (which costs a lookup). */
export const needsMovie = (scope: WaitingRoomScope): boolean => scope.kind === 'movies';

/**
 * The event that governs a showtime's purchase now: among the events that are past their
 * pre-queue start and not ended, the earliest created that covers it. None: the purchase is
 * not held at all.
 */
export function governingEvent<E extends WaitingRoomEvent>(
  events: readonly E[],
  showtime: ShowtimeRef,
  now: number,
): E | null {
  let chosen: E | null = null;
  for (const event of events) {
    const phase = phaseOf(event, now);
    if (phase === 'before' || phase === 'ended') continue;
    if (!coversShowtime(event.scope, showtime)) continue;
    if (!chosen || event.createdAt < chosen.createdAt) chosen = event;
  }
  return chosen;
}

export const OPERATOR_ACTIONS = ['open', 'pause', 'resume', 'free', 'end'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export type ActionResult = { ok: true; event: WaitingRoomEvent } | { ok: false; reason: string };

/**
 * An operator's action on an event at `now`:
 * - `open` starts the sale now (the pre-queue is drawn at once) from scheduled or paused;
 * - `pause` stops admissions (arrivals keep joining); `resume` goes back to the clock
 *   (open when the sale time has passed, else scheduled);
 * - `free` lets everybody through; `end` ends the event (nothing is covered any more).
 */
export function applyAction(event: WaitingRoomEvent, action: OperatorAction, now: number): ActionResult {
  if (event.state === 'ended') return { ok: false, reason: 'el evento ya terminó' };
  switch (action) {
    case 'open':
      if (event.state === 'free') return { ok: false, reason: 'ya todos pasan sin fila (free)' };
      return {
        ok: true,
        event: {
          ...event,
          state: 'open',
          saleStartsAt: Math.min(event.saleStartsAt, now),
          preQueueStartsAt: Math.min(event.preQueueStartsAt, now),
        },
      };
    case 'pause':
      if (event.state === 'free') return { ok: false, reason: 'ya todos pasan sin fila (free)' };
      return { ok: true, event: { ...event, state: 'paused' } };
    case 'resume':
      if (event.state !== 'paused') return { ok: false, reason: `el evento no está en pausa (${event.state})` };
      return { ok: true, event: { ...event, state: now >= event.saleStartsAt ? 'open' : 'scheduled' } };
    case 'free':
      return { ok: true, event: { ...event, state: 'free' } };
    case 'end':
      return { ok: true, event: { ...event, state: 'ended' } };
  }
}
