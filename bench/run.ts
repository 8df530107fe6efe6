/**
 * `npm run bench [-- [--print-only] [--write] name...]`: runs every bench/<name>/index.ts (or
 * the named ones) one after another in its own Node process (with --expose-gc), and prints each
 * one's JSON line prefixed by its name. The run exits non-zero when a bench missed one of its
 * `targets` (bench/targets.ts), crashed, printed no JSON line or targets, or overran its time
 * limit (stopped with SIGTERM to its process group, then SIGKILL; the line says so); the others
 * still run. Each line ends with the bench's duration. `--print-only` (alias `--no-fail`) only prints: missed targets
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
import { GRACE_MS, limitMs } from './lib/limits.js';

/** BENCH_DIR points the runner at another folder of benches (its own tests do). */
const benchDir = process.env.BENCH_DIR ?? dirname(fileURLToPath(import.meta.url));

interface Outcome {
  name: string;
  ok: boolean;
  line?: string;
  reason?: string;
  /** Targets the line reports missed (only when the bench otherwise ran to its end). */
  missed?: string[];
  durationS: number;
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

/** The bench's last JSON line in its output, if any. */
function lastJsonLine(stdout: string): string | undefined {
  return stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('{'))
    .pop();
}

/** Stop a bench and whatever it started (Xvfb, browsers, servers): its whole process group. */
function stopGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

let running: number | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopGroup(running, 'SIGKILL');
    process.exit(130);
  });
}

function runOne(name: string): Promise<Omit<Outcome, 'durationS'>> {
  const limit = limitMs(name);
  return new Promise((resolve) => {
    // Its own process group, so that stopping it stops its children too.
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(benchDir, name, 'index.ts')],
      { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    running = child.pid;
    let stdout = '';
    let overran = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    let kill: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      overran = true;
      stopGroup(child.pid, 'SIGTERM');
      kill = setTimeout(() => stopGroup(child.pid, 'SIGKILL'), GRACE_MS);
    }, limit);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(kill);
      stopGroup(child.pid, 'SIGKILL');
      running = undefined;
      const line = lastJsonLine(stdout);
      const exit = `exit ${code ?? signal}`;
      if (overran) {
        const reason = `stopped at its limit of ${limit / 1000} s (${exit})`;
        resolve({ name, ok: false, reason, ...(line === undefined ? {} : { line }) });
      } else if (line === undefined) {
        resolve({ name, ok: false, reason: `printed no JSON line (${exit})` });
      } else {
        const checked = check(line);
        if ('reason' in checked) resolve({ name, ok: false, reason: checked.reason, line });
        else if (checked.missed.length > 0)
          resolve({ name, ok: true, line, missed: checked.missed });
        else if (code !== 0) resolve({ name, ok: false, reason: exit, line });
        else resolve({ name, ok: true, line });
      }
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
    const started = performance.now();
    const outcome = { ...(await runOne(name)), durationS: 0 };
    outcome.durationS = Math.round((performance.now() - started) / 1000);
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
    console.log(`${name} took ${outcome.durationS} s (limit ${limitMs(name) / 1000} s)`);
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
