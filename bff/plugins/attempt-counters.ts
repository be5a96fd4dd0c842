import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMemoryStore, type SharedStore } from './shared-store.ts';

/**
 * Counters per account, per code and per target address (wrong passwords, wrong verification
 * codes, mails sent), which the per-address rate limits cannot see: an attacker with many
 * addresses still meets them. Kept in `app.sharedStore` (Redis when REDIS_URL is set, so every
 * replica shares them). A store failure counts in this process's memory instead (the counts
 * then hold per replica) rather than locking everybody out.
 *
 * Fixed windows: the first hit of a key starts its window; the count resets when it ends.
 * A hit is a compare-and-swap on `{count, until}`, retried when another request won the race,
 * so concurrent attempts are all counted.
 */

interface AttemptCounters {
  /** Adds one to `key` and answers the count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Forgets `key` (a success, a new code). */
  reset(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    attempts: AttemptCounters;
  }
}

const PREFIX = 'attempts:';
const MAX_RACES = 20;

type Window = { count: number; until: number };

function parseWindow(text: string | null, now: number): Window | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<Window>;
    if (typeof value.count === 'number' && typeof value.until === 'number' && value.until > now) return { count: value.count, until: value.until };
  } catch {
    // a damaged entry starts over
  }
  return null;
}

function createAttemptCounters(store: SharedStore, onError: (error: unknown) => void, fallback?: SharedStore): AttemptCounters {
  const counting = async (target: SharedStore, key: string, windowMs: number): Promise<number> => {
    for (let race = 0; race < MAX_RACES; race += 1) {
      const now = Date.now();
      const stored = await target.get(PREFIX + key);
      const current = parseWindow(stored, now);
      if (!current) {
        const first: Window = { count: 1, until: now + windowMs };
        if (stored === null ? await target.setIfAbsent(PREFIX + key, JSON.stringify(first), windowMs) : await target.swap(PREFIX + key, stored, JSON.stringify(first), windowMs)) return 1;
        continue;
      }
      const next: Window = { count: current.count + 1, until: current.until };
      if (await target.swap(PREFIX + key, stored!, JSON.stringify(next), Math.max(1, current.until - now))) return next.count;
    }
    // Lost every race: heavy contention on one key is an attack in itself; count it as over.
    return Number.MAX_SAFE_INTEGER;
  };
  return {
    async hit(key, windowMs) {
      try {
        return await counting(store, key, windowMs);
      } catch (error) {
        onError(error);
        if (!fallback) throw error;
        return counting(fallback, key, windowMs);
      }
    },
    async reset(key) {
      try {
        await store.delete(PREFIX + key);
      } catch (error) {
        onError(error);
      }
      await fallback?.delete(PREFIX + key);
    },
  };
}

export const attemptCountersPlugin = fp(
  async (app: FastifyInstance) => {
    const fallback = app.sharedStore.kind === 'redis' ? createMemoryStore() : undefined;
    app.decorate(
      'attempts',
      createAttemptCounters(app.sharedStore, (error) => app.log.warn({ err: error }, 'attempt counters unavailable, counting in this replica'), fallback),
    );
  },
  { name: 'viziona-attempt-counters', dependencies: ['viziona-shared-store'] },
);
