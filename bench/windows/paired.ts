/**
 * The new-window figures of the liveness bench as ratios paired in time with their baselines.
 *
 * The cache and the independent raw reader are timed from the same X map of the same window, so
 * every cycle gives one lag of each. A p99 of 100 such lags is their second largest, and the ratio
 * of two of them is decided by whichever side one stall (of the app, the bus or the machine)
 * happened to hit: it moved across its limit between runs of the same tree. Here the cycles are
 * split in the order the X server mapped them into 3 trials of consecutive cycles; each trial's
 * ratio is its cache lags' p99 over its raw lags' p99 (the same cycles, the same stretch of the
 * machine's and the app's state), and the figure is the median of the 3 with their spread. The
 * median of three trial p99s (each the largest of its third) lies between the third and the
 * second largest lag of the run: as strict as one p99 of all, while one disturbed stretch no
 * longer decides the verdict. The per-cycle ratio is printed beside it for reading, not judged.
 */
import type { TimedLags } from '../../scripts/harness/windowRawRead.js';
import { percentile, round, trialsOf, type Trials } from '../lib/stats.js';

export const PAIRED_TRIALS = 3;

/** The instants of every cycle either side timed, in X order, cut into `n` consecutive runs. */
function trialBounds(a: TimedLags, b: TimedLags, n: number): number[] {
  const instants = [...new Set([...a.at, ...b.at])].sort((x, y) => x - y);
  const size = Math.ceil(instants.length / n);
  // The first instant of each later trial; a cycle belongs to the last bound at or before it.
  return Array.from({ length: n - 1 }, (_, i) => instants[(i + 1) * size] ?? Infinity);
}

function split(side: TimedLags, bounds: readonly number[]): number[][] {
  const out: number[][] = Array.from({ length: bounds.length + 1 }, () => []);
  side.at.forEach((at, i) => {
    const trial = bounds.filter((b) => at >= b).length;
    out[trial]?.push(side.lags[i] as number);
  });
  return out;
}

/**
 * Each trial's p99 of `figure` over its p99 of `baseline`, the median of the trials and their
 * spread; null when a trial has no baseline that took a measurable time.
 */
export function pairedP99Ratio(
  figure: TimedLags,
  baseline: TimedLags,
  n = PAIRED_TRIALS,
): Trials | null {
  const bounds = trialBounds(figure, baseline, n);
  const figures = split(figure, bounds);
  const baselines = split(baseline, bounds);
  const ratios = figures.map((f, i) => {
    const own = percentile(baselines[i] ?? [], 99);
    return f.length > 0 && own > 1 ? percentile(f, 99) / own : NaN;
  });
  return ratios.some((r) => !Number.isFinite(r)) ? null : trialsOf(ratios);
}

/** Per cycle (same X instant on both sides): figure lag / baseline lag, p50/p90/p99, paired n. */
export function perCycleRatio(figure: TimedLags, baseline: TimedLags) {
  const byInstant = new Map(baseline.at.map((at, i) => [at, baseline.lags[i] as number]));
  const ratios: number[] = [];
  figure.at.forEach((at, i) => {
    const own = byInstant.get(at);
    if (own !== undefined && own > 1) ratios.push((figure.lags[i] as number) / own);
  });
  return {
    p50: round(percentile(ratios, 50)),
    p90: round(percentile(ratios, 90)),
    p99: round(percentile(ratios, 99)),
    n: ratios.length,
  };
}
