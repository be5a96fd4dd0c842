/**
 * A bounded line for costly work (the image path's resizes, site/lib/image-endpoint.ts): at most
 * `running` jobs at once, at most `waiting` more in line, and beyond that the caller hears at
 * once that there is no room (`null`) instead of joining a pile-up. Work already in line or
 * running under the same key is shared, not done twice. Work nobody waits for (a warm-up) takes
 * only a free place, never one a person could have had.
 */
export interface WorkQueueLimits {
  running: number;
  waiting: number;
}

export interface WorkQueue<T> {
  /** The work's outcome, shared with whoever asked the same key meanwhile; null when the line is full. */
  run(key: string, work: () => Promise<T>): Promise<T> | null;
  /** The same, for work nobody waits for: only when a place is free and nobody is in line; null otherwise. */
  runIfIdle(key: string, work: () => Promise<T>): Promise<T> | null;
  /** Jobs running and waiting now (for figures and tests). */
  size(): { running: number; waiting: number };
}

export function createWorkQueue<T>({ running: maxRunning, waiting: maxWaiting }: WorkQueueLimits): WorkQueue<T> {
  const shared = new Map<string, Promise<T>>();
  const line: (() => void)[] = [];
  let running = 0;

  async function turn(work: () => Promise<T>): Promise<T> {
    // A finished job hands its place to the next in line, so no newcomer slips in between.
    if (running >= maxRunning) await new Promise<void>((resolve) => line.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = line.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    run(key, work) {
      const same = shared.get(key);
      if (same !== undefined) return same;
      if (running >= maxRunning && line.length >= maxWaiting) return null;
      const outcome = turn(work).finally(() => shared.delete(key));
      shared.set(key, outcome);
      return outcome;
    },
    runIfIdle(key, work) {
      if (shared.has(key) || running >= maxRunning || line.length > 0) return shared.get(key) ?? null;
      return this.run(key, work);
    },
    size: () => ({ running, waiting: line.length }),
  };
}
