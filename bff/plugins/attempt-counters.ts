import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Counters per account, per code and per target address (wrong passwords, wrong verification
 * codes, mails sent), which the per-address rate limits cannot see: an attacker with many
 * addresses still meets them. In Redis when REDIS_URL is set, so every replica shares them;
 * in this process's memory otherwise. A Redis failure falls back to memory (the counts then
 * hold per replica) rather than locking everybody out.
 *
 * Fixed windows: the first hit of a key starts its window; the count resets when it ends.
 */

export interface AttemptCounters {
  /** Adds one to `key` and answers the count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count in the current window (0 when none). */
  count(key: string): Promise<number>;
  /** Forgets `key` (a success, a new code). */
  reset(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    attempts: AttemptCounters;
  }
}

const MAX_MEMORY_KEYS = 200_000;

export function createMemoryAttemptCounters(now: () => number = Date.now): AttemptCounters {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const makeRoom = () => {
    if (entries.size < MAX_MEMORY_KEYS) return;
    const at = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
    // Still full: drop the oldest windows (they are the nearest to ending anyway).
    for (const key of entries.keys()) {
      if (entries.size < MAX_MEMORY_KEYS) break;
      entries.delete(key);
    }
  };
  return {
    async hit(key, windowMs) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      makeRoom();
      entries.set(key, { count: 1, expiresAt: now() + windowMs });
      return 1;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

const PREFIX = 'viziona-attempts:';

export function createRedisAttemptCounters(
  redis: Redis,
  onError: (error: unknown) => void,
  fallback: AttemptCounters = createMemoryAttemptCounters(),
): AttemptCounters {
  const guarded = async <T>(work: () => Promise<T>, otherwise: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      onError(error);
      return otherwise();
    }
  };
  return {
    hit: (key, windowMs) =>
      guarded(
        async () => {
          // SET NX starts the window once; INCR counts inside it. One round trip, atomic.
          const answer = await redis.multi().set(PREFIX + key, '0', 'PX', windowMs, 'NX').incr(PREFIX + key).exec();
          const counted = answer?.[1];
          if (!counted || counted[0]) throw counted?.[0] ?? new Error('redis transaction failed');
          return Number(counted[1]);
        },
        () => fallback.hit(key, windowMs),
      ),
    count: (key) =>
      guarded(
        async () => Number((await redis.get(PREFIX + key)) ?? 0),
        () => fallback.count(key),
      ),
    reset: (key) =>
      guarded(
        async () => {
          await redis.del(PREFIX + key);
        },
        () => fallback.reset(key),
      ),
  };
}

export const attemptCountersPlugin = fp(
  async (app) => {
    const { redisUrl } = app.config;
    if (!redisUrl) {
      app.decorate('attempts', createMemoryAttemptCounters());
      return;
    }
    const redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'attempt counters redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    app.decorate(
      'attempts',
      createRedisAttemptCounters(redis, (error) => app.log.warn({ err: error }, 'attempt counters unavailable, counting in this replica')),
    );
  },
  { name: 'viziona-attempt-counters', dependencies: ['viziona-config'] },
);
