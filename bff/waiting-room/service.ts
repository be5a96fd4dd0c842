import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { PlaceView } from '#shared/views/waiting-room.ts';
import {
  governingEvent,
  needsMovie,
  phaseOf,
  type WaitingRoomEvent,
  type WaitingRoomPhase,
} from '#shared/waiting-room/event.ts';
import { estimatedWaitSeconds, progressOf } from '#shared/waiting-room/estimate.ts';
import { arrivalScore } from '#shared/waiting-room/ordering.ts';
import { PURCHASE_WINDOW_SECONDS } from '#shared/waiting-room/passes.ts';
import { WAITING_ROOM_TEXTS } from '#shared/waiting-room/texts.ts';
import { BffError, ERROR_MESSAGES } from '#bff/errors.ts';
import { clientNetwork } from '#bff/plugins/client-network.ts';
import { ownerOf } from '#bff/plugins/session-guard.ts';
import type { WaitingRoomCookies } from './cookies.ts';
import type { JoinBatcher } from './join-batcher.ts';
import type { WaitingRoomMetrics } from './metrics.ts';
import type { EventRegistry } from './registry.ts';
import { WaitingRoomRefusalError } from './refusal.ts';
import type { EventPulse, PlaceRecord, WaitingRoomStore } from './store/store.ts';
import { newTicketId, type LostReason, type Ticket, type TokenSealer } from './tokens.ts';

/**
 * The waiting room's rules at the BFF: which event holds a showtime's purchase, where a person
 * stands (and joining them), the pass check of every purchase call, and the end of a pass when
 * its purchase is paid. Routes (bff/waiting-room/) and the purchase hooks (plugins/waiting-room.ts)
 * call it; the store keeps what replicas share.
 */

export type Governing =
  | { kind: 'none' }
  /** The event list was never read (the store has not answered since this replica started). */
  | { kind: 'unknown' }
  | { kind: 'event'; event: WaitingRoomEvent; phase: WaitingRoomPhase };

export type Standing =
  | { kind: 'go'; reason: 'none' | 'free'; passUntil: null }
  | { kind: 'go'; reason: 'pass'; passUntil: number; ticket: string }
  | { kind: 'closed'; event: WaitingRoomEvent | null }
  | { kind: 'waiting'; event: WaitingRoomEvent; phase: WaitingRoomPhase; place: PlaceView | null; lost: LostPlace }
  | { kind: 'not-joined'; event: WaitingRoomEvent; captchaRequired: boolean; lost: LostPlace };

/**
 * Why this browser's last place is gone, when the person should hear it: away past the grace
 * period when it reached the head, or their turn ended before the purchase was done.
 */
export type LostPlace = LostReason | null;

const lostBy = (reason: string): LostPlace =>
  reason === 'abandoned' ? 'absence' : reason === 'expired' ? 'turn-ended' : null;

export interface ServiceOptions {
  store: WaitingRoomStore;
  registry: EventRegistry;
  tokens: TokenSealer;
  cookies: WaitingRoomCookies;
  batcher: JoinBatcher;
  metrics: WaitingRoomMetrics;
  movieOf: (request: FastifyRequest, showtimeId: number) => Promise<string | null>;
  now: () => number;
  log: FastifyBaseLogger;
}

const PURCHASE_WINDOW_MS = PURCHASE_WINDOW_SECONDS * 1000;
/** A pulse older than this is read again on demand (the ticker reads them every second). */
const PULSE_FRESH_MS = 2_000;
/** Draws of the pre-queue: 47 random bits (`randomInt` takes ranges below 2^48). */
const DRAW_STEPS = 2 ** 47;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The pass a purchase call was let through with (set by the waiting room's check), and when
     * it ends as the store said (epoch milliseconds).
     */
    waitingRoomPass: { eventId: string; ticket: string; deadline: number } | null;
  }
}

export class WaitingRoomService {
  readonly #options: ServiceOptions;
  readonly #pulses = new Map<string, EventPulse & { at: number }>();

  constructor(options: ServiceOptions) {
    this.#options = options;
  }

  /** The waiting room's clock (tests give their own). */
  now(): number {
    return this.#options.now();
  }

  get store(): WaitingRoomStore {
    return this.#options.store;
  }

  get registry(): EventRegistry {
    return this.#options.registry;
  }

  /** The last pulse of each event (the metrics' gauges). */
  pulses(): ReadonlyMap<string, EventPulse> {
    return this.#pulses;
  }

  rememberPulse(eventId: string, pulse: EventPulse): void {
    this.#pulses.set(eventId, { ...pulse, at: this.#options.now() });
  }

  async governing(request: FastifyRequest, showtimeId: number): Promise<Governing> {
    const { registry, now: clock, movieOf } = this.#options;
    if (!registry.known) return { kind: 'unknown' };
    const now = clock();
    const holding = registry.events.filter((event) => {
      const phase = phaseOf(event, now);
      return phase !== 'before' && phase !== 'ended';
    });
    if (holding.length === 0) return { kind: 'none' };
    const movieSlug = holding.some((event) => needsMovie(event.scope)) ? await movieOf(request, showtimeId) : null;
    const event = governingEvent(holding, { showtimeId, movieSlug }, now);
    return event ? { kind: 'event', event, phase: phaseOf(event, now) } : { kind: 'none' };
  }

  /**
   * Where this person stands for a showtime's purchase. With `arrive`, a person without a live
   * place joins the queue (unless the event asks for the captcha and it was not passed).
   */
  async standing(
    request: FastifyRequest,
    reply: FastifyReply,
    showtimeId: number,
    options: { arrive: boolean; captchaPassed?: boolean },
  ): Promise<Standing> {
    const governing = await this.governing(request, showtimeId);
    if (governing.kind === 'none') return { kind: 'go', reason: 'none', passUntil: null };
    if (governing.kind === 'unknown') return { kind: 'closed', event: null };
    const { event, phase } = governing;
    if (phase === 'free') return { kind: 'go', reason: 'free', passUntil: null };
    try {
      return await this.#standingIn(event, phase, request, reply, options);
    } catch (error) {
      if (error instanceof BffError) throw error;
      this.#options.log.warn({ err: error, event: event.id }, 'waiting room unreadable: closed');
      return { kind: 'closed', event };
    }
  }

  async #standingIn(
    event: WaitingRoomEvent,
    phase: WaitingRoomPhase,
    request: FastifyRequest,
    reply: FastifyReply,
    options: { arrive: boolean; captchaPassed?: boolean },
  ): Promise<Standing> {
    const { store, tokens, cookies, now: clock } = this.#options;
    const now = clock();
    const account = ownerOf(request);

    const pass = tokens.openPass(cookies.pass(request), now);
    if (pass && pass.eventId === event.id) {
      const check = await store.checkPass(event.id, pass.ticket, {
        now,
        account,
        use: false,
        purchaseWindowMs: PURCHASE_WINDOW_MS,
      });
      if (check.ok) return { kind: 'go', reason: 'pass', passUntil: check.deadline, ticket: pass.ticket };
    }

    let ticket = tokens.openTicket(cookies.ticket(request));
    if (ticket && ticket.eventId !== event.id) ticket = null;
    let lost: LostPlace = null;
    // A place may move once (to the place the account holds in another browser).
    for (let moves = 0; ticket && moves < 2; moves += 1) {
      const record: PlaceRecord = await store.place(event.id, ticket.ticket, {
        now,
        score: ticket.score,
        account,
        started: phase !== 'prequeue',
      });
      if (record.state === 'moved') {
        ticket = { eventId: event.id, ticket: record.ticket, score: record.score };
        cookies.setTicket(reply, tokens.sealTicket(ticket));
        continue;
      }
      if (record.state === 'admitted') return this.#admitted(event, ticket, record, account, reply, now);
      if (record.state === 'queued') {
        const place = await this.#placeView(event, phase, record);
        return { kind: 'waiting', event, phase, place, lost: ticket.lost ?? null };
      }
      lost = record.state === 'ended' ? lostBy(record.reason) : null;
      ticket = null;
    }

    if (!options.arrive || (event.captcha && !options.captchaPassed))
      return { kind: 'not-joined', event, captchaRequired: event.captcha, lost };
    const joined = await this.#options.batcher.add(event.id, {
      ticket: newTicketId(),
      score: arrivalScore(now, event.saleStartsAt, randomInt(DRAW_STEPS) / DRAW_STEPS),
      account,
      address: clientNetwork(request.ip),
    });
    if ('refused' in joined) {
      this.#options.metrics.refusals.inc({ reason: 'address_limit' });
      reply.header('retry-after', String(Math.max(1, Math.ceil(joined.retryAfterMs / 1000))));
      throw new BffError(429, 'RATE_LIMITED', ERROR_MESSAGES.rateLimited);
    }
    // A place taken because the last one was lost carries why, so the page can say it while it lasts.
    const why = joined.adopted || lost === null ? {} : { lost };
    cookies.setTicket(
      reply,
      tokens.sealTicket({ eventId: event.id, ticket: joined.ticket, score: joined.score, ...why }),
    );
    if (!joined.adopted) this.#options.metrics.arrivals.inc({ event: event.id });
    return { kind: 'waiting', event, phase, place: null, lost: joined.adopted ? null : lost };
  }

  /** An admitted place: its pass (bound to the account when there is one) goes into a cookie. */
  async #admitted(
    event: WaitingRoomEvent,
    ticket: Ticket,
    record: Extract<PlaceRecord, { state: 'admitted' }>,
    account: string | null,
    reply: FastifyReply,
    now: number,
  ): Promise<Standing> {
    const { store, tokens, cookies } = this.#options;
    const check = await store.checkPass(event.id, ticket.ticket, {
      now,
      account,
      use: false,
      purchaseWindowMs: PURCHASE_WINDOW_MS,
    });
    if (!check.ok) return { kind: 'not-joined', event, captchaRequired: event.captcha, lost: null };
    const expiresAt = record.admittedAt + event.admissionTtlSeconds * 1000 + PURCHASE_WINDOW_MS;
    cookies.setPass(reply, tokens.sealPass({ eventId: event.id, ticket: ticket.ticket, expiresAt }), expiresAt, now);
    return { kind: 'go', reason: 'pass', passUntil: check.deadline, ticket: ticket.ticket };
  }

  async pulseOf(eventId: string): Promise<EventPulse> {
    const known = this.#pulses.get(eventId);
    const now = this.#options.now();
    if (known && now - known.at < PULSE_FRESH_MS) return known;
    const pulse = await this.#options.store.pulse(eventId, now);
    this.rememberPulse(eventId, pulse);
    return pulse;
  }

  async #placeView(
    event: WaitingRoomEvent,
    phase: WaitingRoomPhase,
    record: Extract<PlaceRecord, { state: 'queued' }>,
  ): Promise<PlaceView> {
    const pulse = await this.pulseOf(event.id);
    const prequeue = phase === 'prequeue';
    const paused = phase === 'paused';
    const ahead = record.rank;
    return {
      prequeue,
      saleStartsAt: event.saleStartsAt,
      position: prequeue ? null : ahead + 1,
      ahead: prequeue ? null : ahead,
      waiting: record.waiting,
      progress: prequeue ? null : progressOf(ahead, record.aheadAtStart ?? ahead),
      estimatedWaitSeconds: prequeue || paused ? null : estimatedWaitSeconds(ahead, pulse.admittedPerMinute),
      admittedPerMinute: pulse.admittedPerMinute,
      paused,
    };
  }

  /**
   * The check of every hold, reservation and payment call of a held showtime: a pass of the
   * event, alive, this person's. Otherwise 429 with `Retry-After` and the place.
   */
  async requirePass(request: FastifyRequest, reply: FastifyReply, showtimeId: number): Promise<void> {
    const governing = await this.governing(request, showtimeId);
    if (governing.kind === 'none' || (governing.kind === 'event' && governing.phase === 'free')) return;
    if (governing.kind === 'unknown') throw this.#closed(reply);
    const { event } = governing;
    const { store, tokens, cookies, now: clock, metrics } = this.#options;
    const now = clock();
    const account = ownerOf(request);
    const use = request.method !== 'GET' && request.method !== 'HEAD';
    const pass = tokens.openPass(cookies.pass(request), now);
    if (pass && pass.eventId === event.id) {
      let check;
      try {
        check = await store.checkPass(event.id, pass.ticket, {
          now,
          account,
          use,
          purchaseWindowMs: PURCHASE_WINDOW_MS,
        });
      } catch (error) {
        this.#options.log.warn({ err: error, event: event.id }, 'waiting room unreadable: closed');
        throw this.#closed(reply);
      }
      if (check.ok) {
        request.waitingRoomPass = { eventId: event.id, ticket: pass.ticket, deadline: check.deadline };
        return;
      }
      if (check.reason === 'taken') {
        metrics.refusals.inc({ reason: 'taken' });
        reply.header('retry-after', '60');
        throw new WaitingRoomRefusalError(429, 'WAITING_ROOM', WAITING_ROOM_TEXTS.passTaken, null, 60);
      }
    }
    const standing = await this.standing(request, reply, showtimeId, { arrive: false });
    if (standing.kind === 'go' && standing.reason === 'pass') {
      // Admitted a moment ago: the pass cookie goes out with this answer.
      const check = await store
        .checkPass(event.id, standing.ticket, { now, account, use, purchaseWindowMs: PURCHASE_WINDOW_MS })
        .catch(() => null);
      if (!check?.ok) throw this.#closed(reply);
      request.waitingRoomPass = { eventId: event.id, ticket: standing.ticket, deadline: check.deadline };
      return;
    }
    if (standing.kind === 'go') return;
    if (standing.kind === 'closed') throw this.#closed(reply);
    metrics.refusals.inc({ reason: 'no_pass' });
    const place = standing.kind === 'waiting' ? standing.place : null;
    const retryAfter = Math.min(300, Math.max(5, place?.estimatedWaitSeconds ?? 30));
    reply.header('retry-after', String(retryAfter));
    throw new WaitingRoomRefusalError(429, 'WAITING_ROOM', WAITING_ROOM_TEXTS.mustWait, place, retryAfter);
  }

  #closed(reply: FastifyReply): WaitingRoomRefusalError {
    this.#options.metrics.refusals.inc({ reason: 'closed' });
    reply.header('retry-after', '60');
    return new WaitingRoomRefusalError(429, 'WAITING_ROOM_CLOSED', WAITING_ROOM_TEXTS.closed, null, 60);
  }

  /** A paid (or pending) purchase ends its pass: the place goes to the next person. */
  async endPass(eventId: string, ticket: string, reason: 'used' | 'revoked'): Promise<boolean> {
    const ended = await this.#options.store.endPass(eventId, ticket, reason);
    if (ended) this.#options.metrics.passEnded(eventId, reason);
    return ended;
  }

  clearPassCookie(reply: FastifyReply): void {
    this.#options.cookies.clearPass(reply);
  }
}
