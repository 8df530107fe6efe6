/** Statistics every bench shares: percentiles, medians, trials with their spread. */

export const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

/** The p-th percentile (nearest rank) of `xs`, sorted or not; NaN for no samples. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number;
}

export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return NaN;
  const s = sorted(xs);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1
    ? (s[mid] as number)
    : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export const round = (x: number, digits = 2): number => Number(x.toFixed(digits));

/** A figure measured in several trials: the median stands for it, the spread says the noise. */
export interface Trials {
  median: number;
  min: number;
  max: number;
  /** (max - min) / median, as a fraction. */
  spread: number;
  values: number[];
}

/** Summarise trial values (at least 3 for a timing figure). */
export function trialsOf(values: readonly number[], digits = 3): Trials {
  const m = median(values);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return {
    median: round(m, digits),
    min: round(min, digits),
    max: round(max, digits),
    spread: m === 0 ? 0 : round((max - min) / Math.abs(m), 3),
    values: values.map((v) => round(v, digits)),
  };
}

/** Run `measure` `n` times in turn and summarise each named figure over the trials. */
export async function trials<K extends string>(
  n: number,
  measure: (trial: number) => Promise<Record<K, number>>,
): Promise<Record<K, Trials>> {
  const runs: Record<K, number>[] = [];
  for (let i = 0; i < n; i++) runs.push(await measure(i));
  const keys = Object.keys(runs[0] ?? {}) as K[];
  return Object.fromEntries(keys.map((k) => [k, trialsOf(runs.map((r) => r[k]))])) as Record<
    K,
    Trials
  >;
}

/**
 * A percentile of consecutive samples taken as `n` trials (the samples split into n runs in
 * the order taken): the median of the trials' percentiles, with their spread.
 */
export function percentileTrials(xs: readonly number[], p: number, n = 3, digits = 3): Trials {
  const size = Math.ceil(xs.length / n);
  const per = Array.from({ length: n }, (_, i) =>
    percentile(xs.slice(i * size, (i + 1) * size), p),
  );
  return trialsOf(per, digits);
}

/** A value observed at a time (ms on a clock the series it is paired with shares). */
export interface Timed {
  at: number;
  value: number;
}

/**
 * The p-th percentile of each of `n` equal windows of [from, to), by time: trials of one
 * series that pair window by window with another series measured meanwhile, so a moment the
 * machine stalled both lands in the same trial of each. NaN for a window with no sample.
 */
export function windowPercentiles(
  xs: readonly Timed[],
  p: number,
  { from, to, n }: { from: number; to: number; n: number },
): number[] {
  const width = (to - from) / n;
  const windows: number[][] = Array.from({ length: n }, () => []);
  for (const x of xs) {
    const w = Math.floor((x.at - from) / width);
    if (w >= 0 && w < n) windows[w]?.push(x.value);
  }
  return windows.map((w) => percentile(w, p));
}

/**
 * Trials of how far `figure` sits over `baseline`, window by window (windowPercentiles of
 * each): the median difference with its spread. Windows where either has no sample are left
 * out.
 */
export function pairedOver(figure: readonly number[], baseline: readonly number[]): Trials {
  const diffs = figure.map((f, i) => f - (baseline[i] ?? NaN)).filter((d) => Number.isFinite(d));
  return trialsOf(diffs);
}
