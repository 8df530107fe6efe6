/** The shape of one bench target (see bench/targets.ts) and the baseline most timings use. */

export interface TargetSpec {
  figure: string;
  relation?: 'ratio' | 'over';
  /**
   * 'over' only: figure and baseline are trials of the same time windows, judged by the
   * median of their differences window by window (a stall both saw cancels in its window).
   */
  paired?: boolean;
  baseline?: string;
  /** How the baseline reads in a limit ("bare ws echo"); default: its path. */
  of?: string;
  op: '<=' | '>=' | '==';
  limit: number;
  unit?: string;
}

/** The machine's reference workload, measured in the same run (bench/lib/reference.ts). */
export const ref = { baseline: 'referenceMs', of: 'reference workload' } as const;

/** The cache's heap budget per element (the cache bench's); in-app providers' nodes too. */
export const CACHE_BYTES_PER_ELEMENT = 1024;

/** A figure judged as its ratio to a baseline measured in the same run. */
export function ratio(
  figure: string,
  op: TargetSpec['op'],
  limit: number,
  to: { baseline: string; of: string },
): TargetSpec {
  return { figure, relation: 'ratio', ...to, op, limit };
}
