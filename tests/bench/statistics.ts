/**
 * The middle of `values` (undefined when empty). Of an even count, the upper of the two middle
 * values by default; `bench:pages` prints the lower one for clicks, as it always has.
 */
export function median(values: readonly number[], even: 'lower' | 'upper' = 'upper'): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[even === 'upper' ? Math.floor(sorted.length / 2) : Math.floor((sorted.length - 1) / 2)];
}

/** The value at quantile `q` (0 to 1) of `values`: the `floor(q × n)`-th smallest (undefined when empty). */
export function percentile(values: readonly number[], q: number): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
