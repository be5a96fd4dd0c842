/**
 * Waits for a condition instead of a fixed pause: reads `read` until `done` holds and answers
 * that value, or fails naming `what` and the last value read (a read that throws counts as not
 * yet: a page in the middle of loading, a process still starting). Tests assert outcomes; how
 * long a condition took is a figure to print, never an assertion.
 */
export async function until<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const { timeoutMs = 20_000, intervalMs = 200 } = options;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await read();
      if (done(value)) return value;
      last = value;
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs / 1000} s (last: ${JSON.stringify(last)?.slice(0, 400)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Until `read` answers true. */
export function untilTrue(
  what: string,
  read: () => boolean | Promise<boolean>,
  options?: { timeoutMs?: number; intervalMs?: number },
): Promise<boolean> {
  return until(what, read, (value) => value, options);
}
