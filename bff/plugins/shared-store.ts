import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { BffError, ERROR_MESSAGES } from '../errors.ts';

/**
 * What BFF replicas share between requests: a small key/value store with expiry and the few
 * atomic operations the purchase flow needs (a person's live hold, reservation and payment
 * locks, payment outcomes, a membership read). In Redis when REDIS_URL is set, so every
 * replica sees the same values; in this process's memory otherwise (one replica).
 *
 * `app.sharedStore` is the one door to it: a feature that must share state between
 * requests (rate-limit plugins, auth, ...) uses these operations with its own key prefix
 * rather than opening another connection. Values are strings (JSON by convention).
 */
export interface SharedStore {
  get(key: string): Promise<string | null>;
  /** Sets `key` for `ttlMs` milliseconds. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** `SET key value PX ttl NX`: true when this call created the key (atomic). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Replaces `key` only while it still holds `expected` (compare-and-swap; atomic). */
  swap(key: string, expected: string, next: string, ttlMs: number): Promise<boolean>;
  /** Deletes `key` only while it still holds `value` (a lock released by its owner only). */
  deleteIfEquals(key: string, value: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** 'redis' or 'memory', for logs and tests. */
  readonly kind: 'redis' | 'memory';
}

declare module 'fastify' {
  interface FastifyInstance {
    sharedStore: SharedStore;
  }
}

const PREFIX = 'viziona:';

interface MemoryStoreOptions {
  now?: () => number;
  /** Most keys kept; past it expired keys are swept, then the oldest dropped. */
  maxEntries?: number;
}

export function createMemoryStore(options: MemoryStoreOptions = {}): SharedStore {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 200_000;
  const entries = new Map<string, { value: string; expiresAt: number }>();

  const live = (key: string): string | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return null;
    }
    return entry.value;
  };
  const put = (key: string, value: string, ttlMs: number): void => {
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const at = now();
      for (const [name, entry] of entries) if (entry.expiresAt <= at) entries.delete(name);
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    }
    entries.set(key, { value, expiresAt: now() + Math.max(1, ttlMs) });
  };

  return {
    kind: 'memory',
    async get(key) {
      return live(key);
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key) !== null) return false;
      put(key, value, ttlMs);
      return true;
    },
    async swap(key, expected, next, ttlMs) {
      if (live(key) !== expected) return false;
      put(key, next, ttlMs);
      return true;
    },
    async deleteIfEquals(key, value) {
      if (live(key) !== value) return false;
      entries.delete(key);
      return true;
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** Compare-and-delete and compare-and-swap, each one step on the Redis server. */
const DELETE_IF_EQUALS =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
const SWAP =
  "if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 else return 0 end";

/** The commands the Redis store uses (an ioredis client has them). */
type RedisCommands = Pick<Redis, 'get' | 'set' | 'del' | 'eval'>;

/**
 * A command Redis did not answer (away, restarting, timed out) fails the request as the cinema
 * API's outages do: 502 with our Spanish message, an answer the edge does not count against the
 * replica, never a 500 with the client's own words.
 */
export async function answered<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    throw new BffError(502, 'UPSTREAM_UNAVAILABLE', ERROR_MESSAGES.upstreamUnavailable, undefined, { cause: error });
  }
}

function createRedisStore(redis: RedisCommands): SharedStore {
  const ttl = (ttlMs: number): number => Math.max(1, Math.ceil(ttlMs));
  return {
    kind: 'redis',
    get: (key) => answered(() => redis.get(PREFIX + key)),
    set: (key, value, ttlMs) =>
      answered(async () => {
        await redis.set(PREFIX + key, value, 'PX', ttl(ttlMs));
      }),
    setIfAbsent: (key, value, ttlMs) =>
      answered(async () => (await redis.set(PREFIX + key, value, 'PX', ttl(ttlMs), 'NX')) === 'OK'),
    swap: (key, expected, next, ttlMs) =>
      answered(async () => Number(await redis.eval(SWAP, 1, PREFIX + key, expected, next, String(ttl(ttlMs)))) === 1),
    deleteIfEquals: (key, value) =>
      answered(async () => Number(await redis.eval(DELETE_IF_EQUALS, 1, PREFIX + key, value)) === 1),
    delete: (key) =>
      answered(async () => {
        await redis.del(PREFIX + key);
      }),
  };
}

/**
 * Decorates `app.sharedStore`. Unlike the rate-limit counts, nothing here falls back to
 * memory when Redis fails: a replica that cannot see the shared hold or payment lock must not
 * act on its own view (the request fails with 502 instead, see `answered`), or a payment could
 * run twice.
 */
export const sharedStorePlugin = fp(
  async (app, options: { store?: SharedStore }) => {
    if (options.store) {
      app.decorate('sharedStore', options.store);
      return;
    }
    // Without Redis, this process's memory; with it, nothing falls back (see above).
    app.decorate('sharedStore', app.redis ? createRedisStore(app.redis) : createMemoryStore());
  },
  { name: 'viziona-shared-store', dependencies: ['viziona-config', 'viziona-redis'] },
);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
