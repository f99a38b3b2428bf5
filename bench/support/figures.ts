// The figures the benchmarks report of their samples, and how they print them.

/** The `p`th percentile of `values` (nearest rank), 0 when there are none. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export type Figures = { p50: number; p95: number };

export const figuresOf = (values: number[]): Figures => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
});

/** Milliseconds, to a tenth. */
export const ms = (value: number) => value.toFixed(1);
export const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)}x`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
export const count = (n: number) => n.toLocaleString("en");

/** A number from the environment (BENCH_…), or `fallback`. */
export const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
