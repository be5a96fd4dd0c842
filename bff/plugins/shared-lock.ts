import { randomUUID } from 'node:crypto';
import type { BffError } from '#bff/errors.ts';
import { sleep, type SharedStore } from './shared-store.ts';

/**
 * A lock in the shared store, so that what holds for one BFF process holds for every replica:
 * one holder at a time of a key (`SET NX PX`, released only by its holder by compare-and-delete,
 * and by expiry if a replica dies mid-way). Others wait a while. A person's reservations, a
 * showtime's reservations and every payment (bff/payments/payment-gate.ts) take one.
 */

const POLL_MS = 50;

export interface LockOptions {
  /** How long the lock lives if its holder never releases it (a replica died). */
  ttlMs: number;
  /** How long a second caller waits for it before `busy` is thrown. */
  waitMs: number;
  busy: () => BffError;
}

export async function withLock<T>(
  store: SharedStore,
  key: string,
  options: LockOptions,
  task: () => Promise<T>,
): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + options.waitMs;
  while (!(await store.setIfAbsent(`lock:${key}`, token, options.ttlMs))) {
    if (Date.now() > deadline) throw options.busy();
    await sleep(POLL_MS);
  }
  const expiresAt = Date.now() + options.ttlMs;
  try {
    return await task();
  } finally {
    await releaseLock(store, `lock:${key}`, token, expiresAt);
  }
}

/** The first wait before a release the store did not answer is tried again; it doubles up to the last. */
const RELEASE_RETRY_MS = [250, 500, 1_000, 2_000] as const;

/**
 * Releases a lock by its token. When the store does not answer (Redis restarting), the task's
 * outcome stands (a hold the cinema API made is not turned into an error) and the release is
 * tried again in the background until the lock would have expired anyway: a lock kept through a
 * restart (Redis's append-only file) would otherwise hold off the key's next callers, the
 * person's own retry or everybody reserving the showtime, for the lock's whole lifetime.
 */
async function releaseLock(store: SharedStore, key: string, token: string, expiresAt: number): Promise<void> {
  const attempt = async (retry: number): Promise<void> => {
    try {
      await store.deleteIfEquals(key, token);
    } catch {
      const wait = RELEASE_RETRY_MS[Math.min(retry, RELEASE_RETRY_MS.length - 1)]!;
      if (Date.now() + wait >= expiresAt) return;
      setTimeout(() => void attempt(retry + 1), wait).unref();
    }
  };
  await attempt(0);
}
