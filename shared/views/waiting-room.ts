import { z } from 'zod';
import { ErrorViewSchema } from './errors.ts';

/**
 * What the waiting room answers (`/bff/waiting-room/...`): a person's place, read by the
 * waiting page every few seconds, and the place a refused purchase call carries. Instants are
 * epoch milliseconds; texts for people are built by the page (shared/waiting-room/estimate.ts).
 */

/** A place in the queue. */
export const PlaceViewSchema = z.object({
  /** Waiting for the draw: the sale has not started, so there is no position yet. */
  prequeue: z.boolean(),
  /** When the sale starts (and the pre-queue is drawn). */
  saleStartsAt: z.number(),
  /** 1 for the head; null before the draw. */
  position: z.int().positive().nullable(),
  /** People ahead; null before the draw. */
  ahead: z.int().nonnegative().nullable(),
  /** Everybody waiting in this event's queue now. */
  waiting: z.int().nonnegative(),
  /** How far this person has come since the draw or their arrival, 0 to 1; null before the draw. */
  progress: z.number().min(0).max(1).nullable(),
  /** From the measured admission rate; null while nobody has been admitted lately. */
  estimatedWaitSeconds: z.int().nonnegative().nullable(),
  /** People admitted a minute, measured over the last minutes; null before any. */
  admittedPerMinute: z.number().nonnegative().nullable(),
  /** Admissions are paused by the operators (arrivals keep their places). */
  paused: z.boolean(),
});
export type PlaceView = z.infer<typeof PlaceViewSchema>;

/**
 * Where a person stands for a showtime:
 * - `none`: no event holds this showtime now: the purchase is open.
 * - `free`: the event lets everybody through now.
 * - `admitted`: their turn: the pass is set and lasts until `passUntil`.
 * - `waiting`: in the queue (`place`).
 * - `not-joined`: the event holds the showtime and this browser has no place (the page joins,
 *   with the captcha when `captchaRequired`); `placeLost` when their place was dropped after
 *   they were away longer than the grace period, `turnEnded` when their turn ended before the
 *   purchase was done (both also on the new place that follows, while it lasts).
 * - `closed`: the waiting room cannot be read now (its store does not answer): come back in a
 *   few minutes. Never a reason to let anybody through.
 */
export const WAITING_ROOM_STATUSES = ['none', 'free', 'admitted', 'waiting', 'not-joined', 'closed'] as const;

const OtherShowtimeViewSchema = z.object({
  id: z.int().positive(),
  theater: z.string(),
  movieSlug: z.string(),
  date: z.string(),
  dateText: z.string(),
  hourText: z.string(),
  format: z.string(),
  version: z.string(),
  roomName: z.string(),
  freeSeats: z.int().nonnegative(),
});
export type OtherShowtimeView = z.infer<typeof OtherShowtimeViewSchema>;

export const WaitingRoomStatusViewSchema = z.object({
  status: z.enum(WAITING_ROOM_STATUSES),
  event: z.object({ id: z.string(), name: z.string() }).nullable(),
  place: PlaceViewSchema.nullable(),
  captchaRequired: z.boolean(),
  placeLost: z.boolean(),
  /** Their last turn ended before they completed the purchase: back in line at the end. */
  turnEnded: z.boolean(),
  /** Whether this person is logged in (the page offers to log in while waiting). */
  signedIn: z.boolean(),
  passUntil: z.number().nullable(),
  showtime: z.object({
    id: z.int().positive(),
    /** Seats free now (null when the room status could not be read). */
    freeSeats: z.int().nonnegative().nullable(),
    soldOut: z.boolean(),
  }),
  /** When sold out: the next showtimes of the movie with free seats. */
  nextShowtimes: z.array(OtherShowtimeViewSchema),
  /** When to ask again: sooner near the head, later far from it. */
  refreshSeconds: z.int().positive(),
});
export type WaitingRoomStatusView = z.infer<typeof WaitingRoomStatusViewSchema>;

/**
 * A purchase call refused for want of a pass (429, with `Retry-After`), and the admission
 * check's refusal (403): the error and, for `WAITING_ROOM`, the person's place (null when they
 * have none yet). The same routes' other refusals (a rate limit's 429) carry no place.
 */
export const WaitingRoomRefusalSchema = ErrorViewSchema.extend({ place: PlaceViewSchema.nullable().optional() });
export type WaitingRoomRefusal = z.infer<typeof WaitingRoomRefusalSchema>;

/**
 * The error bodies of a purchase call a presale waiting room may hold (the booking view, the
 * reservation, the ticket payments): their contract entries declare it, their routes add the
 * waiting room's `requirePass`.
 */
export const HELD_BY_WAITING_ROOM = {
  429: WaitingRoomRefusalSchema.describe(
    'Too many requests (RATE_LIMITED); or a presale waiting room holds this showtime and this person has no pass yet (WAITING_ROOM: `place` says where they stand, `Retry-After` when to ask again) or it cannot be read now (WAITING_ROOM_CLOSED).',
  ),
};
