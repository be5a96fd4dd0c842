/**
 * Where spent captcha proofs are remembered, so each solved challenge is accepted once.
 * An entry only has to live until its challenge expires: after that the signature check
 * refuses the proof anyway.
 *
 * The in-memory store serves one BFF process; with several replicas (REDIS_URL set) the Redis
 * store below is shared by all of them.
 */
export interface SpentCaptchaStore {
  /**
   * Marks `id` as spent until `expiresAtMs` (epoch milliseconds). Resolves true when this is
   * the first use, false when it was spent before. Must be atomic: two concurrent calls with
   * the same id never both get true.
   */
  spend(id: string, expiresAtMs: number): Promise<boolean>;
}

interface MemorySpentCaptchaStoreOptions {
  /** Most entries kept; past it, expired entries are dropped, then the oldest. */
  maxEntries?: number;
  /** The clock, for tests. */
  now?: () => number;
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * One process's memory. Only verified proofs get here, and each costs its sender a solved
 * proof of work and passes the form rate limits, so the map stays small; the cap is a
 * last resort (dropping the oldest entry can re-open an old proof, but only until it expires).
 */
export function createMemorySpentCaptchaStore(
  options: MemorySpentCaptchaStoreOptions = {},
): SpentCaptchaStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const expiries = new Map<string, number>();
  let lastSweep = now();

  const dropExpired = (at: number): void => {
    for (const [id, expiresAt] of expiries) {
      if (expiresAt <= at) expiries.delete(id);
    }
  };

  return {
    async spend(id, expiresAtMs) {
      const at = now();
      const known = expiries.get(id);
      if (known !== undefined && known > at) return false;
      if (expiries.size >= maxEntries || at - lastSweep > SWEEP_INTERVAL_MS) {
        dropExpired(at);
        lastSweep = at;
      }
      while (expiries.size >= maxEntries) {
        const oldest = expiries.keys().next();
        if (oldest.done) break;
        expiries.delete(oldest.value);
      }
      expiries.delete(id);
      expiries.set(id, expiresAtMs);
      return true;
    },
  };
}

/** The one Redis command the shared store needs (an ioredis client has it). */
export interface RedisSetIfAbsent {
  set(key: string, value: string, at: 'PXAT', unixTimeMs: number, nx: 'NX'): Promise<'OK' | null>;
}

/**
 * Spent proofs shared by every BFF replica: `SET key 1 PXAT expiresAt NX`, whose 'OK' means
 * "first use" (atomic in Redis). If Redis fails, this replica's memory answers instead, so a
 * Redis outage weakens replay protection to one use per replica rather than blocking forms.
 */
export function createRedisSpentCaptchaStore(
  redis: RedisSetIfAbsent,
  onError: (error: unknown) => void,
  fallback: SpentCaptchaStore = createMemorySpentCaptchaStore(),
): SpentCaptchaStore {
  return {
    async spend(id, expiresAtMs) {
      try {
        const answer = await redis.set(`viziona-captcha:${id}`, '1', 'PXAT', Math.ceil(expiresAtMs), 'NX');
        return answer === 'OK';
      } catch (error) {
        onError(error);
        return fallback.spend(id, expiresAtMs);
      }
    },
  };
}
