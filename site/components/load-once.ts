/**
 * Wraps a loader (a dynamic `import()` and what follows it) so it runs once and every caller
 * shares its result; a failed load (offline for a moment) is tried again by the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
