import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * Where the rate-limit counts live: Redis, shared by every replica, and this process's
 * memory whenever Redis does not answer at once (stopped, unreachable, slow). A Redis outage
 * then neither lifts the limits (fail open) nor stalls the limited routes: each replica keeps
 * counting on its own until Redis is back.
 */

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;

/** How long a count may wait for Redis before memory answers. */
const REDIS_ANSWER_MS = 250;
const MEMORY_KEYS = 50_000;

/** Increments a key and sets its window on the first hit (atomic in Redis). */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { current, ttl }`;

class MemoryCounts {
  readonly #windows = new Map<string, { current: number; endsAt: number }>();

  incr(key: string, timeWindow: number): Count {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) window = { current: 0, endsAt: now + timeWindow };
    window.current += 1;
    this.#windows.delete(key);
    this.#windows.set(key, window);
    if (this.#windows.size > MEMORY_KEYS) {
      const oldest = this.#windows.keys().next();
      if (!oldest.done) this.#windows.delete(oldest.value);
    }
    return { current: window.current, ttl: window.endsAt - now };
  }
}

class FailoverStore implements FastifyRateLimitStore {
  readonly redis: Redis;
  readonly memory: MemoryCounts;
  readonly prefix: string;
  readonly onFallback: (error: unknown) => void;

  constructor(redis: Redis, memory: MemoryCounts, prefix: string, onFallback: (error: unknown) => void) {
    this.redis = redis;
    this.memory = memory;
    this.prefix = prefix;
    this.onFallback = onFallback;
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    const fromMemory = (error: unknown) => {
      this.onFallback(error);
      callback(null, this.memory.incr(this.prefix + key, timeWindow));
    };
    // Not connected: no command is queued (enableOfflineQueue is off), memory answers now.
    if (this.redis.status !== 'ready') return fromMemory(new Error(`redis ${this.redis.status}`));
    let answered = false;
    const timer = setTimeout(() => {
      answered = true;
      fromMemory(new Error('redis too slow'));
    }, REDIS_ANSWER_MS);
    this.redis.eval(INCREMENT, 1, this.prefix + key, String(timeWindow)).then(
      (result) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        const [current, ttl] = result as [number, number];
        callback(null, { current, ttl });
      },
      (error: unknown) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        fromMemory(error);
      },
    );
  }

  /** One store a route: @fastify/rate-limit passes the route's options as `routeInfo`. */
  child(routeOptions: object): FastifyRateLimitStore {
    const routeInfo: unknown = 'routeInfo' in routeOptions ? routeOptions.routeInfo : undefined;
    const field = (name: 'method' | 'url'): string =>
      typeof routeInfo === 'object' && routeInfo !== null && name in routeInfo ? [(routeInfo as Record<string, unknown>)[name]].flat().join(',') : '';
    return new FailoverStore(this.redis, this.memory, `${this.prefix}${field('method')}${field('url')}-`, this.onFallback);
  }
}

/** The `store` option of @fastify/rate-limit: Redis first, this process's memory as the fallback. */
export function redisWithMemoryFallback(redis: Redis, prefix: string, onFallback: (error: unknown) => void): FastifyRateLimitStoreCtor {
  const memory = new MemoryCounts();
  return class extends FailoverStore {
    constructor(_options: FastifyRateLimitOptions) {
      super(redis, memory, prefix, onFallback);
    }
  };
}
