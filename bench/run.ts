/**
 * `npm run bench [-- [--print-only] [--write] name...]`: runs every bench/<name>/index.ts (or
 * the named ones) one after another in its own Node process (with --expose-gc), and prints each
 * one's JSON line prefixed by its name. The run exits non-zero when a bench missed one of its
 * `targets` (bench/targets.ts), crashed, printed no JSON line or targets, or overran its time
 * limit; the others still run. `--print-only` (alias `--no-fail`) only prints: missed targets
 * are listed but do not fail the run (a bench that crashed still does). `--write` also writes
 * bench/RESULTS.md from the lines (see lib/results.ts).
 */
import { spawn } from 'node:child_process';
import { readdirSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { notRun, renderResults, runFacts, type BenchLine } from './lib/results.js';
import { missedTargets } from './lib/targets.js';

/** BENCH_DIR points the runner at another folder of benches (its own tests do). */
const benchDir = process.env.BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));
const LIMIT_MS = 15 * 60_000;
/**
 * Benches whose bounded work takes longer: the window liveness bench runs 100 dialog cycles on
 * four toolkits with and without a window manager, each cycle waiting for the app's own map.
 */
const LIMITS_MS: Readonly<Record<string, number>> = { windows: 45 * 60_000 };

interface Outcome {
  name: string;
  ok: boolean;
  line?: string;
  reason?: string;
  /** Targets the line reports missed (only when the bench otherwise ran to its end). */
  missed?: string[];
}

/** Why a bench's line cannot be checked, or the targets it missed. */
function check(line: string): { missed: string[] } | { reason: string } {
  try {
    return { missed: missedTargets(JSON.parse(line)) };
  } catch (err) {
    return { reason: `unusable targets: ${err instanceof Error ? err.message : String(err)}` };
  }
}

function discover(selected: string[]): string[] {
  const all = readdirSync(benchDir, { withFileTypes: true })
    .filter(
      (d) => d.isDirectory() && d.name !== 'lib' && existsSync(join(benchDir, d.name, 'index.ts')),
    )
    .map((d) => d.name)
    .sort();
  const unknown = selected.filter((s) => !all.includes(s));
  if (unknown.length > 0)
    throw new Error(`unknown bench: ${unknown.join(', ')} (have ${all.join(', ')})`);
  return selected.length > 0 ? selected : all;
}

function runOne(name: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(benchDir, name, 'index.ts')],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMITS_MS[name] ?? LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('{'))
        .pop();
      if (line === undefined) {
        resolve({ name, ok: false, reason: `printed no JSON line (exit ${code ?? signal})` });
        return;
      }
      const checked = check(line);
      if ('reason' in checked) resolve({ name, ok: false, reason: checked.reason, line });
      else if (checked.missed.length > 0) resolve({ name, ok: true, line, missed: checked.missed });
      else if (code !== 0) resolve({ name, ok: false, reason: `exit ${code ?? signal}`, line });
      else resolve({ name, ok: true, line });
    });
  });
}

const PRINT_ONLY = ['--print-only', '--no-fail'];

function parsed(text: string | undefined): BenchLine['line'] {
  try {
    return text === undefined ? null : (JSON.parse(text) as BenchLine['line']);
  } catch {
    return null;
  }
}

function lineOf(outcome: Outcome): BenchLine {
  const line = parsed(outcome.line);
  return {
    bench: outcome.name,
    line,
    ...(outcome.ok ? {} : { failure: outcome.reason ?? 'unknown' }),
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const printOnly = args.some((a) => PRINT_ONLY.includes(a));
  const write = args.includes('--write');
  const names = discover(args.filter((a) => !PRINT_ONLY.includes(a) && a !== '--write'));
  let failed = 0;
  let missed = 0;
  const lines: BenchLine[] = [];
  for (const name of names) {
    const outcome = await runOne(name);
    lines.push(lineOf(outcome));
    if (!outcome.ok || outcome.line === undefined) {
      failed += 1;
      console.log(
        `${name} FAILED: ${outcome.reason ?? 'unknown'}${outcome.line ? ` ${outcome.line}` : ''}`,
      );
    } else if (outcome.missed !== undefined) {
      missed += 1;
      console.log(`${name} MISSED ${outcome.missed.join(', ')}: ${outcome.line}`);
    } else console.log(`${name} ${outcome.line}`);
  }
  if (missed > 0) {
    console.log(
      `${missed} bench(es) missed targets${printOnly ? ' (--print-only: not failing)' : ''}`,
    );
  }
  if (write) {
    const file = join(benchDir, 'RESULTS.md');
    // Formatted as `prettier --check` expects, so the file passes the lint gate as written.
    const text = renderResults(lines, runFacts(), notRun(names));
    const options = (await resolveConfig(file)) ?? {};
    writeFileSync(file, await format(text, { ...options, filepath: file }));
    console.log(`wrote ${file}`);
  }
  process.exitCode = failed > 0 || (missed > 0 && !printOnly) ? 1 : 0;
}

await main();
