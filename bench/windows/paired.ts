/**
 * The window figures of the liveness bench as ratios paired in time with their baselines.
 *
 * The cache and the independent raw client are timed from the same X map (or unmap) of the same
 * window, so every cycle gives one lag of each. Judged: over the cycles both sides timed, the
 * cache lags' p90 over the raw lags' p90 (the 10th largest of ~100 on each side). The p99 of a
 * trial of ~33 cycles is its largest: one stall of the app, the bus or the machine on either side
 * decided it, and the same tree read 2.3x in one run and 1.3x in the next; a p90 of 33 (their
 * 4th largest, judged by the median of 3 trials) still flipped under load (1.61 then 1.36 on
 * GTK 3), while the p90 of all ~100 read 1.06 and 1.39. What a user waits for in 9 changes of 10,
 * against what the least client waits for in the same cycles. The spread is that of the same
 * ratio in 3 trials of consecutive cycles; the trials' p99 ratios and the per-cycle ratio are
 * printed beside it for reading, not judged.
 */
import type { TimedLags } from '../../scripts/harness/windowRawRead.js';
import { percentile, round, trialsOf, type Trials } from '../lib/stats.js';

export const PAIRED_TRIALS = 3;
/** The judged percentile (see above). */
export const PAIRED_PERCENTILE = 90;

/** A ratio over all paired cycles, with the same ratio per trial of consecutive cycles. */
export interface PooledRatio {
  pooled: number;
  /** (max - min) of the trials' ratios / the pooled ratio. */
  spread: number;
  trials: number[];
}

type Cycle = [lag: number, own: number];

/** The cycles both sides timed, in X order: [figure lag, baseline lag]. */
function pairs(figure: TimedLags, baseline: TimedLags): Cycle[] {
  const byInstant = new Map(baseline.at.map((at, i) => [at, baseline.lags[i] as number]));
  return figure.at
    .map((at, i) => ({ at, lag: figure.lags[i] as number, own: byInstant.get(at) }))
    .filter((c): c is { at: number; lag: number; own: number } => c.own !== undefined)
    .sort((a, b) => a.at - b.at)
    .map((c) => [c.lag, c.own]);
}

/** The `p`-th percentile of the lags over that of the baselines; NaN without a measurable one. */
function ratioOf(cycles: readonly Cycle[], p: number): number {
  const own = percentile(
    cycles.map((c) => c[1]),
    p,
  );
  return cycles.length > 0 && own > 1
    ? percentile(
        cycles.map((c) => c[0]),
        p,
      ) / own
    : NaN;
}

function trialsIn(cycles: readonly Cycle[], n: number): Cycle[][] {
  const size = Math.ceil(cycles.length / n);
  return Array.from({ length: n }, (_, i) => cycles.slice(i * size, (i + 1) * size));
}

/**
 * Each trial's `p`-th percentile of `figure` over its `p`-th percentile of `baseline`, over the
 * cycles both timed; the median of the trials and their spread. Null when a trial has no
 * baseline that took a measurable time.
 */
export function pairedRatio(
  figure: TimedLags,
  baseline: TimedLags,
  p = PAIRED_PERCENTILE,
  n = PAIRED_TRIALS,
): Trials | null {
  const ratios = trialsIn(pairs(figure, baseline), n).map((trial) => ratioOf(trial, p));
  return ratios.some((r) => !Number.isFinite(r)) ? null : trialsOf(ratios);
}

/**
 * The `p`-th percentile of `figure` over that of `baseline` over all cycles both timed, with the
 * spread of the same ratio in `n` trials of consecutive cycles. Null as pairedRatio.
 */
export function pooledRatio(
  figure: TimedLags,
  baseline: TimedLags,
  p = PAIRED_PERCENTILE,
  n = PAIRED_TRIALS,
): PooledRatio | null {
  const cycles = pairs(figure, baseline);
  const pooled = ratioOf(cycles, p);
  const trials = trialsIn(cycles, n).map((trial) => ratioOf(trial, p));
  if (!Number.isFinite(pooled) || trials.some((r) => !Number.isFinite(r))) return null;
  const spread = (Math.max(...trials) - Math.min(...trials)) / pooled;
  return {
    pooled: round(pooled, 3),
    spread: round(spread, 3),
    trials: trials.map((t) => round(t, 3)),
  };
}

/** Per cycle (same X instant on both sides): figure lag / baseline lag, p50/p90/p99, paired n. */
export function perCycleRatio(figure: TimedLags, baseline: TimedLags) {
  const ratios = pairs(figure, baseline)
    .filter(([, own]) => own > 1)
    .map(([lag, own]) => lag / own);
  return {
    p50: round(percentile(ratios, 50)),
    p90: round(percentile(ratios, 90)),
    p99: round(percentile(ratios, 99)),
    n: ratios.length,
  };
}
