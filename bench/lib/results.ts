/**
 * bench/RESULTS.md from the JSON lines of a run (`npm run bench -- --write`): the machine, the
 * commit and the date, then one table with every target of every bench that ran: its figure,
 * the baseline it is relative to (measured in the same run), its limit, the trials' spread
 * and whether it was met.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem } from 'node:os';
import type { Target } from './targets.js';
import { TARGETS, type BenchName } from '../targets.js';

export interface BenchLine {
  bench: string;
  line: { targets?: Record<string, Target> } | null;
  /** Why the bench gave no usable line. */
  failure?: string;
}

export interface RunFacts {
  machine: string;
  commit: string;
  date: string;
  load: string;
}

/** What the header says about where and when the figures were taken. */
export function runFacts(): RunFacts {
  const cpu = cpus();
  const commit = (() => {
    try {
      const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
      const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim();
      return `${sha.trim()}${dirty === '' ? '' : ' (with uncommitted changes)'}`;
    } catch {
      return 'unknown';
    }
  })();
  return {
    machine:
      `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ` +
      `${Math.round(totalmem() / 1024 ** 3)} GiB, Linux ${release()}, Node ${process.version}`,
    commit,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    load: loadavg()
      .map((l) => l.toFixed(1))
      .join(' / '),
  };
}

const cell = (v: number | null | undefined): string =>
  v === null || v === undefined ? '–' : String(v);

function rows(result: BenchLine): string[] {
  if (result.line === null || result.line.targets === undefined) {
    return [`| ${result.bench} | – | – | – | – | – | failed: ${result.failure ?? 'no line'} |`];
  }
  const specs = (TARGETS as Record<string, Record<string, { figure: string }>>)[result.bench];
  return Object.entries(result.line.targets).map(([name, t]) => {
    const figure = specs?.[name]?.figure ?? name;
    const spread = t.spread === undefined ? '–' : `±${Math.round((t.spread * 100) / 2)}%`;
    return (
      `| ${result.bench} | ${name} (\`${figure}\`) | ${cell(t.value)} | ${cell(t.baseline)} | ` +
      `${t.limit} | ${spread} | ${t.met ? 'met' : '**missed**'} |`
    );
  });
}

/** The whole file. `partial` says which benches of the suite did not run, when some did not. */
export function renderResults(results: BenchLine[], facts: RunFacts, partial: string[]): string {
  const missed = results.flatMap((r) =>
    Object.entries(r.line?.targets ?? {}).filter(([, t]) => !t.met),
  ).length;
  const scope =
    partial.length === 0
      ? 'every bench of the suite'
      : `a partial run: ${results.map((r) => r.bench).join(', ')} (not run: ${partial.join(', ')})`;
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench -- --write` from the benches’ JSON lines; do not edit by hand.',
    'Each value is the figure relative to its baseline (a ratio, or a difference for `+`), or a',
    'budget that does not depend on the machine. The spread is half the range of the trials',
    'behind a timing figure, relative to their median.',
    '',
    `- Machine: ${facts.machine}`,
    `- Commit: ${facts.commit}`,
    `- Date: ${facts.date}; load average at the end ${facts.load}`,
    `- Scope: ${scope}`,
    `- Verdict: ${missed === 0 ? 'every target met' : `${missed} target(s) missed`}`,
    '',
    '| Bench | Target (figure) | Value | Baseline | Limit | Spread | Verdict |',
    '| ----- | --------------- | ----- | -------- | ----- | ------ | ------- |',
    ...results.flatMap(rows),
    '',
  ].join('\n');
}

/** The benches with targets that a run of `names` left out. */
export function notRun(names: string[]): string[] {
  return (Object.keys(TARGETS) as BenchName[]).filter(
    (b) => b !== 'atspiChromium' && b !== 'atspiToggle' && !names.includes(b),
  );
}
