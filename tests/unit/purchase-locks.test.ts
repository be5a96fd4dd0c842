import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BffError } from '#bff/errors.ts';
import { createMemoryStore, type SharedStore } from '#bff/plugins/shared-store.ts';
import { withLock } from '#bff/plugins/shared-lock.ts';

/** A shared store that stops answering while `away` is set, as Redis does while it restarts. */
function storeThatGoesAway(): SharedStore & { away: boolean } {
  const memory = createMemoryStore();
  const store = {
    away: false,
    kind: memory.kind,
  } as SharedStore & { away: boolean };
  for (const name of ['get', 'set', 'setIfAbsent', 'swap', 'deleteIfEquals', 'delete'] as const) {
    Object.assign(store, {
      [name]: async (...args: unknown[]) => {
        if (store.away) throw new BffError(502, 'UPSTREAM_UNAVAILABLE', 'Redis no responde');
        return (memory[name] as (...values: unknown[]) => Promise<unknown>)(...args);
      },
    });
  }
  return store;
}

const LOCK = { ttlMs: 30_000, waitMs: 20_000, busy: () => new BffError(409, 'RESERVE_BUSY', 'ocupado') };

describe('a lock whose release the store did not answer (withLock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps the task's outcome, and is released once the store answers again, long before it would expire", async () => {
    const store = storeThatGoesAway();
    const held = await withLock(store, 'reserve:ana', LOCK, async () => {
      // The cinema API took the seats; then Redis restarts, keeping the lock (append-only file).
      store.away = true;
      return 'sillas F5 y F6';
    });
    expect(held).toBe('sillas F5 y F6');

    await vi.advanceTimersByTimeAsync(1_500);
    store.away = false;
    // The next retry (at most 2 s later) releases it: the person's own retry gets the lock at once.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await store.get('lock:reserve:ana')).toBeNull();
    let ran = false;
    await withLock(store, 'reserve:ana', { ...LOCK, waitMs: 0 }, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops trying once the lock would have expired anyway', async () => {
    const store = storeThatGoesAway();
    await withLock(store, 'reserve-showtime:7', LOCK, async () => {
      store.away = true;
    });
    await vi.advanceTimersByTimeAsync(LOCK.ttlMs - 5_000);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
