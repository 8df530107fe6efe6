/**
 * Targets are data (bench/targets.ts); a bench prints its figures, and `printLine` judges them
 * against its targets and adds `targets` to the line: a name -> `{ value, limit, met }`, where
 * value is what was compared (a ratio or a difference to the baseline, or the figure itself;
 * null when it could not be measured, which counts as missed) and limit a readable bound such
 * as "<= 1.5x bare ws". bench/run.ts checks `targets` of every line.
 */
import { TARGETS, type BenchName, type TargetSpec } from '../targets.js';
import { pairedOver } from './stats.js';

export interface Target {
  value: number | null;
  limit: string;
  met: boolean;
  /** The baseline the value is relative to, as measured in the same run. */
  baseline?: number | null;
  /** The spread of the trials behind the figure ((max - min) / median), when it has trials. */
  spread?: number;
}

export type Targets = Record<string, Target>;

const known = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The value at a dotted path of the line; a Trials object stands for its median, a pooled
 * figure (bench/windows/paired.ts) for its value over all cycles, each with its trials' spread.
 */
function at(line: object, path: string): { value: number | null; spread?: number } {
  let node: unknown = line;
  for (const key of path.split('.')) {
    node =
      typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : null;
  }
  if (typeof node === 'object' && node !== null && ('median' in node || 'pooled' in node)) {
    const t = node as { median?: unknown; pooled?: unknown; spread?: unknown };
    const value = 'pooled' in t ? t.pooled : t.median;
    return {
      value: known(value) ? value : null,
      ...(known(t.spread) ? { spread: t.spread } : {}),
    };
  }
  return { value: known(node) ? node : null };
}

/** The trial values at a dotted path (a Trials object's `values`); [] when there are none. */
function trialValues(line: object, path: string): number[] {
  let node: unknown = line;
  for (const key of path.split('.')) {
    node =
      typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : null;
  }
  const values = (node as { values?: unknown } | null)?.values;
  return Array.isArray(values) ? values.filter(known) : [];
}

/** The median difference of two trials window by window, with its spread. */
function paired(line: object, spec: TargetSpec): { value: number | null; spread?: number } {
  const figure = trialValues(line, spec.figure);
  const base = trialValues(line, spec.baseline ?? '');
  if (figure.length === 0 || figure.length !== base.length) return { value: null };
  const over = pairedOver(figure, base);
  return { value: over.median, spread: over.spread };
}

function compare(value: number, spec: TargetSpec): boolean {
  if (spec.op === '<=') return value <= spec.limit;
  if (spec.op === '>=') return value >= spec.limit;
  return value === spec.limit;
}

function limitText(spec: TargetSpec): string {
  const of = spec.baseline === undefined ? '' : ` ${spec.of ?? spec.baseline}`;
  if (spec.relation === 'ratio') return `${spec.op} ${spec.limit}x${of}`;
  if (spec.relation === 'over') return `${spec.op}${of} + ${spec.limit}${spec.unit ?? ''}`;
  return `${spec.op} ${spec.limit}${spec.unit ?? ''}`;
}

/** Judge one target against the line's figures. */
export function judge(line: object, spec: TargetSpec): Target {
  const figure = spec.paired === true ? paired(line, spec) : at(line, spec.figure);
  const base = spec.baseline === undefined ? undefined : at(line, spec.baseline);
  let value = figure.value;
  if (value !== null && base !== undefined && spec.paired !== true) {
    if (base.value === null || (spec.relation === 'ratio' && base.value === 0)) value = null;
    else value = spec.relation === 'ratio' ? value / base.value : value - base.value;
  }
  const rounded = value === null ? null : Number(value.toPrecision(4));
  return {
    value: rounded,
    limit: limitText(spec),
    met: rounded !== null && compare(rounded, spec),
    ...(base === undefined ? {} : { baseline: base.value }),
    ...(figure.spread === undefined ? {} : { spread: figure.spread }),
  };
}

/** Every target of `bench` judged against its line. */
export function judgeAll(bench: BenchName, line: object): Targets {
  const specs: Record<string, TargetSpec> = TARGETS[bench];
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, judge(line, spec)]));
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
 * Judge the line against the bench's targets, print it as one JSON line, and exit non-zero
 * (through process.exitCode) when a target was missed, so the bench fails on its own as well
 * as under bench/run.ts.
 */
export function printLine(bench: BenchName, figures: Record<string, unknown>): void {
  const line = { bench, ...figures, targets: judgeAll(bench, figures) };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  const missed = missedTargets(line);
  if (missed.length > 0) {
    process.stderr.write(`missed targets: ${missed.join(', ')}\n`);
    process.exitCode = 1;
  }
}
