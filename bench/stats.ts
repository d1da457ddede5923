// Order statistics shared by the benchmarks.

/** Nearest-rank percentile of an ascending list (`p` in 0..1); NaN for an empty list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}

/** The middle value (the upper one of two for an even count); NaN for an empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
}

export function p50p99(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/** Milliseconds for a table cell: one decimal, a dash when there is nothing to show. */
export const ms = (value: number) => (Number.isNaN(value) ? "–" : value.toFixed(1));

/** A whole number with thousands separators, as the README writes them. */
export const count = (value: number) => Math.round(value).toLocaleString("en-US");
