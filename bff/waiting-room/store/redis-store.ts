import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { WaitingRoomEventSchema, type WaitingRoomEvent } from '#shared/waiting-room/event.ts';
import { admissibleScoreBelow } from '#shared/waiting-room/ordering.ts';
import { BURST_SECONDS, bucketCapacity } from '#shared/waiting-room/admission.ts';
import { ADMIT, CHECK_PASS, END_PASS, JOIN, PLACE, PULSE } from './redis-scripts.ts';
import {
  END_REASONS,
  NO_ADDRESS_LIMIT,
  RATE_SLOT_MS,
  RATE_WINDOW_MS,
  measuredRate,
  percentile,
  type EndReason,
  type PlaceRecord,
  type WaitingRoomStore,
} from './store.ts';

/**
 * The waiting room in Redis (REDIS_URL): every replica reads and writes the same queue. Each
 * operation is one script (redis-scripts.ts), sent by its SHA-1 and loaded again when Redis
 * forgot it (a restart). Redis keeps it across a restart with its append-only file (docker/).
 */

const EVENTS_KEY = 'viziona:wr:events';
const eventBase = (eventId: string): string => `viziona:wr:{${eventId}}:`;

type Commands = Pick<Redis, 'evalsha' | 'eval' | 'hgetall' | 'hset' | 'hget' | 'lrange'>;

type Reply = Array<string | number | null>;

function script(redis: Commands, source: string) {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (...args: Array<string | number>): Promise<Reply> => {
    try {
      return (await redis.evalsha(sha, 0, ...args)) as Reply;
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return (await redis.eval(source, 0, ...args)) as Reply;
    }
  };
}

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
const number = (value: string | number | null | undefined): number => Number(value ?? 0);

const isEndReason = (value: string): value is EndReason => (END_REASONS as readonly string[]).includes(value);

export function createRedisWaitingRoomStore(redis: Commands): WaitingRoomStore {
  const join = script(redis, JOIN);
  const place = script(redis, PLACE);
  const admit = script(redis, ADMIT);
  const checkPass = script(redis, CHECK_PASS);
  const endPass = script(redis, END_PASS);
  const pulse = script(redis, PULSE);
  const saleStarts = new Map<string, number>();

  async function readPulse(eventId: string, now: number) {
    const slots = RATE_WINDOW_MS / RATE_SLOT_MS;
    const firstSlot = Math.floor(now / RATE_SLOT_MS) - slots + 1;
    const reply = await pulse(eventBase(eventId), firstSlot, slots);
    const counts = new Map<number, number>();
    for (let index = 0; index < slots; index += 1) counts.set(firstSlot + index, number(reply[2 + index]));
    return {
      waiting: number(reply[0]),
      buying: number(reply[1]),
      admittedPerMinute: measuredRate(counts, now, saleStarts.get(eventId) ?? 0),
    };
  }

  return {
    kind: 'redis',
    async listEvents() {
      const stored = await redis.hgetall(EVENTS_KEY);
      const events: WaitingRoomEvent[] = [];
      for (const value of Object.values(stored)) {
        const parsed = WaitingRoomEventSchema.safeParse(JSON.parse(value));
        if (parsed.success) {
          events.push(parsed.data);
          saleStarts.set(parsed.data.id, parsed.data.saleStartsAt);
        }
      }
      return events;
    },
    async saveEvent(event) {
      saleStarts.set(event.id, event.saleStartsAt);
      await redis.hset(EVENTS_KEY, event.id, JSON.stringify(event));
    },
    async join(eventId, arrivals, now, limit = NO_ADDRESS_LIMIT) {
      const args: Array<string | number> = [
        eventBase(eventId),
        now,
        arrivals.length,
        limit.max,
        limit.windowMs,
        limit.liveMax,
      ];
      for (const arrival of arrivals)
        args.push(arrival.ticket, arrival.score, arrival.account ?? '', arrival.address ?? '');
      const reply = await join(...args);
      return arrivals.map((_, index) =>
        number(reply[index * 3 + 2]) === 2
          ? { refused: true as const, retryAfterMs: number(reply[index * 3 + 1]) }
          : {
              ticket: text(reply[index * 3]),
              score: number(reply[index * 3 + 1]),
              adopted: number(reply[index * 3 + 2]) === 1,
            },
      );
    },
    async place(eventId, ticket, query): Promise<PlaceRecord> {
      const reply = await place(
        eventBase(eventId),
        ticket,
        query.now,
        query.score,
        query.account ?? '',
        query.started ? 1 : 0,
      );
      switch (reply[0]) {
        case 'ended': {
          const reason = text(reply[1]);
          return { state: 'ended', reason: isEndReason(reason) ? reason : 'unknown' };
        }
        case 'foreign':
          return { state: 'foreign' };
        case 'moved':
          return { state: 'moved', ticket: text(reply[1]), score: number(reply[2]) };
        case 'admitted':
          return { state: 'admitted', deadline: number(reply[1]), admittedAt: number(reply[2]) };
        default: {
          const aheadAtStart = number(reply[3]);
          return {
            state: 'queued',
            rank: number(reply[1]),
            waiting: number(reply[2]),
            aheadAtStart: aheadAtStart < 0 ? null : aheadAtStart,
          };
        }
      }
    },
    async admit(eventId, round) {
      saleStarts.set(eventId, round.saleStartsAt);
      const reply = await admit(
        eventBase(eventId),
        round.now,
        round.saleStartsAt,
        round.admissionsPerMinute,
        round.maxBuyers,
        round.admissionTtlMs,
        round.graceMs,
        admissibleScoreBelow(round.now, round.saleStartsAt),
        bucketCapacity(round.admissionsPerMinute),
        BURST_SECONDS * 1000,
        RATE_SLOT_MS,
      );
      const admitted: Array<{ ticket: string; waitedMs: number }> = [];
      for (let index = 3; index + 1 < reply.length; index += 2)
        admitted.push({ ticket: text(reply[index]), waitedMs: number(reply[index + 1]) });
      return { expiredUnused: number(reply[0]), expiredUsed: number(reply[1]), abandoned: number(reply[2]), admitted };
    },
    async checkPass(eventId, ticket, use) {
      const reply = await checkPass(
        eventBase(eventId),
        ticket,
        use.now,
        use.account ?? '',
        use.use ? 1 : 0,
        use.purchaseWindowMs,
      );
      if (reply[0] === 'ok') return { ok: true, deadline: number(reply[1]) };
      return { ok: false, reason: reply[0] === 'taken' ? 'taken' : 'ended' };
    },
    async endPass(eventId, ticket, reason) {
      const reply = (await endPass(eventBase(eventId), ticket, reason)) as unknown;
      return Number(reply) === 1;
    },
    async ticketOfAccount(eventId, account) {
      return redis.hget(`${eventBase(eventId)}acct`, account);
    },
    pulse: readPulse,
    async figures(eventId, now) {
      const base = eventBase(eventId);
      const [current, stats, waits] = await Promise.all([
        readPulse(eventId, now),
        redis.hgetall(`${base}stats`),
        redis.lrange(`${base}waits`, 0, -1),
      ]);
      const values = waits.map(Number);
      return {
        ...current,
        admitted: number(stats.admitted),
        passes: Object.fromEntries(END_REASONS.map((reason) => [reason, number(stats[reason])])) as Record<
          EndReason,
          number
        >,
        waitP50Ms: percentile(values, 0.5),
        waitP95Ms: percentile(values, 0.95),
      };
    },
  };
}
