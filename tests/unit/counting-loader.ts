/** A stand-in for a dynamic `import()`: counts its calls and fails the first `failures` times. */
export function countingLoader<T>(loaded: () => T, failures = 0) {
  const loader = {
    calls: 0,
    load: async (): Promise<T> => {
      loader.calls += 1;
      if (loader.calls <= failures) throw new Error('chunk failed to load');
      return loaded();
    },
  };
  return loader;
}
