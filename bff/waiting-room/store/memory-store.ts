import { WaitingRoomEventSchema, type WaitingRoomEvent } from '#shared/waiting-room/event.ts';
import { admissionsDue, openingBucket, refill, type AdmissionBucket } from '#shared/waiting-room/admission.ts';
import { admissibleScoreBelow } from '#shared/waiting-room/ordering.ts';
import { isAbandoned } from '#shared/waiting-room/passes.ts';
import {
  END_REASONS,
  NO_ADDRESS_LIMIT,
  RATE_SLOT_MS,
  WAITS_KEPT,
  measuredRate,
  percentile,
  type EndReason,
  type WaitingRoomStore,
} from './store.ts';

/**
 * The waiting room in this process's memory (no REDIS_URL: one replica, `npm start`, the
 * end-to-end tests). The same rules as the Redis store, written once more in TypeScript.
 */
interface EventState {
  /** ticket → score, kept sorted on read (queues here are small). */
  queue: Map<string, number>;
  seen: Map<string, number>;
  /** ticket → deadline */
  active: Map<string, number>;
  admittedAt: Map<string, number>;
  firstUsedAt: Map<string, number>;
  customer: Map<string, string>;
  ended: Map<string, EndReason>;
  accounts: Map<string, string>;
  aheadAtStart: Map<string, number>;
  bucket: AdmissionBucket | null;
  /** The sale's start the rounds were run with: the measured rate counts from it. */
  saleStartsAt: number;
  stats: Map<string, number>;
  waits: number[];
  rate: Map<number, number>;
  /** address → new places taken in the window that ends at `until`. */
  addresses: Map<string, { taken: number; until: number }>;
  /** ticket → the address that took it, while the place lives; address → its live places. */
  addressOf: Map<string, string>;
  liveByAddress: Map<string, number>;
}

const newState = (): EventState => ({
  queue: new Map(),
  seen: new Map(),
  active: new Map(),
  admittedAt: new Map(),
  firstUsedAt: new Map(),
  customer: new Map(),
  ended: new Map(),
  accounts: new Map(),
  aheadAtStart: new Map(),
  bucket: null,
  saleStartsAt: 0,
  stats: new Map(),
  waits: [],
  rate: new Map(),
  addresses: new Map(),
  addressOf: new Map(),
  liveByAddress: new Map(),
});

/** A place ends (or leaves the queue unadmitted): its address may take another. */
function release(state: EventState, ticket: string): void {
  const address = state.addressOf.get(ticket);
  if (address === undefined) return;
  state.addressOf.delete(ticket);
  const live = (state.liveByAddress.get(address) ?? 1) - 1;
  if (live > 0) state.liveByAddress.set(address, live);
  else state.liveByAddress.delete(address);
}

export function createMemoryWaitingRoomStore(): WaitingRoomStore {
  const events = new Map<string, WaitingRoomEvent>();
  const states = new Map<string, EventState>();
  const stateOf = (eventId: string): EventState => {
    let state = states.get(eventId);
    if (!state) {
      state = newState();
      states.set(eventId, state);
    }
    return state;
  };
  const count = (state: EventState, name: string, by = 1) => state.stats.set(name, (state.stats.get(name) ?? 0) + by);
  const rankOf = (state: EventState, ticket: string): number => {
    const score = state.queue.get(ticket);
    if (score === undefined) return -1;
    let rank = 0;
    for (const [other, otherScore] of state.queue)
      if (otherScore < score || (otherScore === score && other < ticket)) rank += 1;
    return rank;
  };
  const isLive = (state: EventState, ticket: string) => state.queue.has(ticket) || state.active.has(ticket);
  const end = (state: EventState, ticket: string, reason: EndReason) => {
    state.queue.delete(ticket);
    state.active.delete(ticket);
    release(state, ticket);
    state.ended.set(ticket, reason);
    count(state, reason);
  };

  return {
    kind: 'memory',
    async listEvents() {
      return [...events.values()].map((event) => WaitingRoomEventSchema.parse(event));
    },
    async saveEvent(event) {
      events.set(event.id, { ...event });
    },
    async join(eventId, arrivals, now, limit = NO_ADDRESS_LIMIT) {
      const state = stateOf(eventId);
      return arrivals.map((arrival) => {
        const held = arrival.account ? state.accounts.get(arrival.account) : undefined;
        if (held !== undefined && isLive(state, held))
          return { ticket: held, score: state.queue.get(held) ?? -1, adopted: true };
        if (arrival.address) {
          let window = state.addresses.get(arrival.address);
          if (!window || window.until <= now) window = { taken: 0, until: now + limit.windowMs };
          if (window.taken >= limit.max) return { refused: true as const, retryAfterMs: window.until - now };
          const live = state.liveByAddress.get(arrival.address) ?? 0;
          if (live >= limit.liveMax) return { refused: true as const, retryAfterMs: limit.windowMs };
          window.taken += 1;
          state.addresses.set(arrival.address, window);
          state.liveByAddress.set(arrival.address, live + 1);
          state.addressOf.set(arrival.ticket, arrival.address);
        }
        state.queue.set(arrival.ticket, arrival.score);
        state.seen.set(arrival.ticket, now);
        if (arrival.account) {
          state.accounts.set(arrival.account, arrival.ticket);
          state.customer.set(arrival.ticket, arrival.account);
        }
        return { ticket: arrival.ticket, score: arrival.score, adopted: false };
      });
    },
    async place(eventId, ticket, query) {
      const state = stateOf(eventId);
      const reason = state.ended.get(ticket);
      if (reason !== undefined) return { state: 'ended', reason };
      const owner = state.customer.get(ticket);
      if (query.account && owner !== undefined && owner !== query.account) return { state: 'foreign' };
      if (!isLive(state, ticket)) {
        if (query.score < 0) return { state: 'ended', reason: 'unknown' };
        state.queue.set(ticket, query.score);
      }
      state.seen.set(ticket, query.now);
      if (query.account) {
        if (owner === undefined) state.customer.set(ticket, query.account);
        const held = state.accounts.get(query.account);
        if (held === undefined || held === ticket || !isLive(state, held)) {
          state.accounts.set(query.account, ticket);
        } else {
          // Two live places of one account: an admitted one wins, else the later one.
          const mine = state.active.has(ticket);
          const theirs = state.active.has(held);
          const keepMine =
            (mine && !theirs) || (!mine && !theirs && (state.queue.get(ticket) ?? 0) > (state.queue.get(held) ?? 0));
          if (keepMine) {
            end(state, held, 'merged');
            state.accounts.set(query.account, ticket);
          } else {
            end(state, ticket, 'merged');
            return { state: 'moved', ticket: held, score: state.queue.get(held) ?? -1 };
          }
        }
      }
      const deadline = state.active.get(ticket);
      if (deadline !== undefined) return { state: 'admitted', deadline, admittedAt: state.admittedAt.get(ticket) ?? 0 };
      const rank = rankOf(state, ticket);
      if (query.started && !state.aheadAtStart.has(ticket)) state.aheadAtStart.set(ticket, rank);
      return { state: 'queued', rank, waiting: state.queue.size, aheadAtStart: state.aheadAtStart.get(ticket) ?? null };
    },
    async admit(eventId, round) {
      const state = stateOf(eventId);
      state.saleStartsAt = round.saleStartsAt;
      const result = {
        admitted: [] as Array<{ ticket: string; waitedMs: number }>,
        abandoned: 0,
        expiredUnused: 0,
        expiredUsed: 0,
      };
      for (const [ticket, deadline] of state.active) {
        if (deadline > round.now) continue;
        const used = state.firstUsedAt.has(ticket);
        end(state, ticket, 'expired');
        if (used) result.expiredUsed += 1;
        else result.expiredUnused += 1;
      }
      const bucket = state.bucket
        ? refill(state.bucket, round.now, round.admissionsPerMinute)
        : openingBucket(round.now, round.saleStartsAt, round.admissionsPerMinute);
      const due = admissionsDue(bucket.tokens, round.maxBuyers, state.active.size);
      const below = admissibleScoreBelow(round.now, round.saleStartsAt);
      const ordered = [...state.queue].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
      for (const [ticket, score] of ordered) {
        if (result.admitted.length >= due || score >= below) break;
        state.queue.delete(ticket);
        if (isAbandoned(state.seen.get(ticket) ?? 0, round.now)) {
          release(state, ticket);
          state.ended.set(ticket, 'abandoned');
          count(state, 'abandoned');
          result.abandoned += 1;
          continue;
        }
        state.active.set(ticket, round.now + round.admissionTtlMs);
        state.admittedAt.set(ticket, round.now);
        const waitedMs = Math.max(0, round.now - Math.max(round.saleStartsAt, round.saleStartsAt + score - 1));
        result.admitted.push({ ticket, waitedMs });
      }
      bucket.tokens -= result.admitted.length;
      state.bucket = bucket;
      if (result.admitted.length > 0) {
        count(state, 'admitted', result.admitted.length);
        const slot = Math.floor(round.now / RATE_SLOT_MS);
        state.rate.set(slot, (state.rate.get(slot) ?? 0) + result.admitted.length);
        state.waits.unshift(...result.admitted.map((entry) => entry.waitedMs));
        state.waits.length = Math.min(state.waits.length, WAITS_KEPT);
      }
      return result;
    },
    async checkPass(eventId, ticket, use) {
      const state = stateOf(eventId);
      const deadline = state.active.get(ticket);
      if (deadline === undefined || deadline <= use.now) return { ok: false, reason: 'ended' };
      const owner = state.customer.get(ticket);
      if (use.account !== null) {
        if (owner !== undefined && owner !== use.account) return { ok: false, reason: 'taken' };
        if (owner === undefined) state.customer.set(ticket, use.account);
      }
      if (!use.use || state.firstUsedAt.has(ticket)) return { ok: true, deadline };
      state.firstUsedAt.set(ticket, use.now);
      const extended = Math.max(deadline, use.now + use.purchaseWindowMs);
      state.active.set(ticket, extended);
      return { ok: true, deadline: extended };
    },
    async endPass(eventId, ticket, reason) {
      const state = stateOf(eventId);
      if (!state.active.has(ticket)) return false;
      end(state, ticket, reason);
      return true;
    },
    async ticketOfAccount(eventId, account) {
      return stateOf(eventId).accounts.get(account) ?? null;
    },
    async pulse(eventId, now) {
      const state = stateOf(eventId);
      const since = events.get(eventId)?.saleStartsAt ?? state.saleStartsAt;
      return {
        waiting: state.queue.size,
        buying: state.active.size,
        admittedPerMinute: measuredRate(state.rate, now, since),
      };
    },
    async figures(eventId, now) {
      const state = stateOf(eventId);
      const pulse = await this.pulse(eventId, now);
      return {
        ...pulse,
        admitted: state.stats.get('admitted') ?? 0,
        passes: Object.fromEntries(END_REASONS.map((reason) => [reason, state.stats.get(reason) ?? 0])) as Record<
          EndReason,
          number
        >,
        waitP50Ms: percentile(state.waits, 0.5),
        waitP95Ms: percentile(state.waits, 0.95),
      };
    },
  };
}
