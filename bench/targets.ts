/**
 * The targets format every benchmark prints and bench/run.ts checks: `targets` maps a name to
 * `{ value, limit, met }`, where value is the measured number (null when it could not be
 * measured, which counts as missed) and limit a readable bound such as "<= 40 ms".
 */

export interface Target {
  value: number | null;
  limit: string;
  met: boolean;
}

export type Targets = Record<string, Target>;

const known = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value);

/** A figure that must not exceed `limit` (`unit` as printed, e.g. " ms", "x"). */
export function atMost(value: number | null | undefined, limit: number, unit = ''): Target {
  const v = known(value) ? value : null;
  return { value: v, limit: `<= ${limit}${unit}`, met: v !== null && v <= limit };
}

/** A figure that must reach at least `limit`. */
export function atLeast(value: number | null | undefined, limit: number, unit = ''): Target {
  const v = known(value) ? value : null;
  return { value: v, limit: `>= ${limit}${unit}`, met: v !== null && v >= limit };
}

/** A count that must be exactly `wanted` (answered once, zero differences...). */
export function exactly(value: number | null | undefined, wanted: number, unit = ''): Target {
  const v = known(value) ? value : null;
  return { value: v, limit: `== ${wanted}${unit}`, met: v === wanted };
}

/** The names of the targets a printed line missed; throws when the line has none to check. */
export function missedTargets(line: unknown): string[] {
  const targets = (line as { targets?: unknown } | null)?.targets;
  if (typeof targets !== 'object' || targets === null) throw new Error('no targets object');
  const entries = Object.entries(targets as Record<string, unknown>);
  if (entries.length === 0) throw new Error('an empty targets object');
  return entries
    .filter(([, t]) => {
      if (typeof t !== 'object' || t === null || typeof (t as Target).met !== 'boolean') {
        throw new Error('a target without { value, limit, met }');
      }
      return !(t as Target).met;
    })
    .map(([name]) => name);
}

/**
 * Print the bench's one JSON line and exit non-zero (through process.exitCode) when a target
 * was missed, so the bench fails on its own as well as under bench/run.ts.
 */
export function printLine(line: { targets: Targets } & Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
  const missed = missedTargets(line);
  if (missed.length > 0) {
    process.stderr.write(`missed targets: ${missed.join(', ')}\n`);
    process.exitCode = 1;
  }
}
