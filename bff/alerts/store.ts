import type { Redis } from 'ioredis';
import { z } from 'zod';
import { ALERT_REASONS } from '#shared/views/alerts.ts';

/**
 * What "Avísame" keeps, shared by every BFF replica: each person's alerts (by movie), the set of
 * alerts still waiting (what the checker walks) and each alert's claim while a replica sends it.
 * In Redis with REDIS_URL (one Lua script per change, so a person's limit and the waiting set
 * never disagree), in this process's memory otherwise. The decisions: bff/decisions/alerts.md.
 */

export const AlertRecordSchema = z.object({
  movie: z.string(),
  title: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  /** Whether the movie had showtimes when the person asked: then only its waiting room opening is news. */
  hadShowtimes: z.boolean(),
  sentAt: z.number().nullable(),
  reason: z.enum(ALERT_REASONS).nullable(),
});
export type AlertRecord = z.infer<typeof AlertRecordSchema>;

export type AddResult = { kind: 'added' | 'existing'; record: AlertRecord } | { kind: 'limit' };

/** One waiting alert: whose, and for which movie. */
export interface PendingAlert {
  owner: string;
  movie: string;
}

export interface AlertStore {
  list(owner: string): Promise<AlertRecord[]>;
  get(owner: string, movie: string): Promise<AlertRecord | null>;
  /** Keeps the alert unless the person has one for the movie already, or `limit` alerts. */
  add(owner: string, record: AlertRecord, limit: number): Promise<AddResult>;
  /** False when there was none (or, with `askedAt`, none asked at that instant: it was asked again since). */
  remove(owner: string, movie: string, askedAt?: number): Promise<boolean>;
  /** Every alert still waiting to be sent. */
  pending(): Promise<PendingAlert[]>;
  /** This replica's right to send the alert for `ttlMs` (atomic: one replica at a time). */
  claim(alert: PendingAlert, token: string, ttlMs: number): Promise<boolean>;
  /** The relay took the e-mail: the alert is marked sent (if the person still keeps it) and leaves the waiting set. */
  markSent(alert: PendingAlert, sent: AlertRecord): Promise<void>;
  /** The send failed: the claim goes, so the next run (of any replica) tries again. */
  release(alert: PendingAlert, token: string): Promise<void>;
}

const parse = (text: string | null | undefined): AlertRecord | null => {
  if (text == null) return null;
  const parsed = AlertRecordSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
};

const newestFirst = (records: AlertRecord[]): AlertRecord[] => records.sort((a, b) => b.createdAt - a.createdAt);

/** The waiting set's member of an alert: slugs and e-mail addresses hold no space. */
const memberOf = (alert: PendingAlert): string => `${alert.movie} ${alert.owner}`;
const alertOf = (member: string): PendingAlert | null => {
  const space = member.indexOf(' ');
  return space > 0 ? { movie: member.slice(0, space), owner: member.slice(space + 1) } : null;
};

export function createMemoryAlertStore(now: () => number = Date.now): AlertStore {
  const people = new Map<string, Map<string, AlertRecord>>();
  const waiting = new Set<string>();
  const claims = new Map<string, { token: string; until: number }>();
  const alertsOf = (owner: string): Map<string, AlertRecord> => {
    let alerts = people.get(owner);
    if (!alerts) people.set(owner, (alerts = new Map()));
    return alerts;
  };
  return {
    async list(owner) {
      return newestFirst([...(people.get(owner)?.values() ?? [])]);
    },
    async get(owner, movie) {
      return people.get(owner)?.get(movie) ?? null;
    },
    async add(owner, record, limit) {
      const alerts = alertsOf(owner);
      const existing = alerts.get(record.movie);
      if (existing) return { kind: 'existing', record: existing };
      if (alerts.size >= limit) return { kind: 'limit' };
      alerts.set(record.movie, record);
      waiting.add(memberOf({ owner, movie: record.movie }));
      return { kind: 'added', record };
    },
    async remove(owner, movie, askedAt) {
      const kept = people.get(owner)?.get(movie);
      if (!kept || (askedAt !== undefined && kept.createdAt !== askedAt)) return false;
      waiting.delete(memberOf({ owner, movie }));
      return people.get(owner)?.delete(movie) ?? false;
    },
    async pending() {
      return [...waiting].flatMap((member) => alertOf(member) ?? []);
    },
    async claim(alert, token, ttlMs) {
      const key = memberOf(alert);
      const held = claims.get(key);
      if (held && held.until > now()) return false;
      claims.set(key, { token, until: now() + ttlMs });
      return true;
    },
    async markSent(alert, sent) {
      const alerts = people.get(alert.owner);
      if (alerts?.has(alert.movie)) alerts.set(alert.movie, sent);
      waiting.delete(memberOf(alert));
    },
    async release(alert, token) {
      const key = memberOf(alert);
      if (claims.get(key)?.token === token) claims.delete(key);
    },
  };
}

const PREFIX = 'viziona:alerts:';
const personKey = (owner: string): string => `${PREFIX}person:${owner}`;
const WAITING_KEY = `${PREFIX}waiting`;
const claimKey = (alert: PendingAlert): string => `${PREFIX}claim:${memberOf(alert)}`;

/** KEYS: person, waiting. ARGV: movie, record, limit, member. Answers [0|1|2, record]. */
const ADD = `
local existing = redis.call('hget', KEYS[1], ARGV[1])
if existing then return {1, existing} end
if redis.call('hlen', KEYS[1]) >= tonumber(ARGV[3]) then return {2, ''} end
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
redis.call('sadd', KEYS[2], ARGV[4])
return {0, ARGV[2]}`;

/** KEYS: person, waiting. ARGV: movie, member, the instant it was asked or ''. */
const REMOVE = `
local kept = redis.call('hget', KEYS[1], ARGV[1])
if not kept then return 0 end
if ARGV[3] ~= '' and cjson.decode(kept).createdAt ~= tonumber(ARGV[3]) then return 0 end
redis.call('srem', KEYS[2], ARGV[2])
return redis.call('hdel', KEYS[1], ARGV[1])`;

/** KEYS: person, waiting. ARGV: movie, record, member. A cancelled alert is not brought back. */
const MARK_SENT = `
if redis.call('hexists', KEYS[1], ARGV[1]) == 1 then redis.call('hset', KEYS[1], ARGV[1], ARGV[2]) end
redis.call('srem', KEYS[2], ARGV[3])
return 1`;

const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

type RedisCommands = Pick<Redis, 'hgetall' | 'hget' | 'smembers' | 'set' | 'eval'>;

export function createRedisAlertStore(redis: RedisCommands): AlertStore {
  return {
    async list(owner) {
      const all = await redis.hgetall(personKey(owner));
      return newestFirst(Object.values(all).flatMap((text) => parse(text) ?? []));
    },
    async get(owner, movie) {
      return parse(await redis.hget(personKey(owner), movie));
    },
    async add(owner, record, limit) {
      const member = memberOf({ owner, movie: record.movie });
      const answer = (await redis.eval(
        ADD,
        2,
        personKey(owner),
        WAITING_KEY,
        record.movie,
        JSON.stringify(record),
        String(limit),
        member,
      )) as [number, string];
      if (answer[0] === 2) return { kind: 'limit' };
      const kept = parse(answer[1]) ?? record;
      return { kind: answer[0] === 1 ? 'existing' : 'added', record: kept };
    },
    async remove(owner, movie, askedAt) {
      const removed = await redis.eval(
        REMOVE,
        2,
        personKey(owner),
        WAITING_KEY,
        movie,
        memberOf({ owner, movie }),
        askedAt === undefined ? '' : String(askedAt),
      );
      return Number(removed) === 1;
    },
    async pending() {
      return (await redis.smembers(WAITING_KEY)).flatMap((member) => alertOf(member) ?? []);
    },
    async claim(alert, token, ttlMs) {
      return (await redis.set(claimKey(alert), token, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
    },
    async markSent(alert, sent) {
      await redis.eval(
        MARK_SENT,
        2,
        personKey(alert.owner),
        WAITING_KEY,
        alert.movie,
        JSON.stringify(sent),
        memberOf(alert),
      );
    },
    async release(alert, token) {
      await redis.eval(RELEASE, 1, claimKey(alert), token);
    },
  };
}
