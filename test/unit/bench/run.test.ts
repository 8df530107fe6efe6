/**
 * bench/run.ts fails the run when a bench misses a target (or prints no usable targets), and
 * `--print-only` only prints. Runs the real runner on a folder of tiny benches.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'uistream-bench-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function bench(name: string, line: object | string, exitCode = 0): void {
  mkdirSync(join(root, name), { recursive: true });
  const text = typeof line === 'string' ? line : JSON.stringify(line);
  writeFileSync(
    join(root, name, 'index.ts'),
    `console.log(${JSON.stringify(text)}); process.exitCode = ${exitCode};\n`,
  );
}

const met = { targets: { p99: { value: 1, limit: '<= 2 ms', met: true } } };
const missed = { targets: { p99: { value: 3, limit: '<= 2 ms', met: false } } };
bench('good', met);
bench('missed', missed, 1);
bench('untargeted', { p99: 3 });
bench('crashed', met, 2);
// Starts a child of its own, prints a line, then never ends.
mkdirSync(join(root, 'hangs'), { recursive: true });
writeFileSync(
  join(root, 'hangs', 'index.ts'),
  [
    "import { spawn } from 'node:child_process';",
    "import { writeFileSync } from 'node:fs';",
    "const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });",
    `writeFileSync(${JSON.stringify(join(root, 'hangs.pid'))}, String(child.pid));`,
    `console.log(${JSON.stringify(JSON.stringify(met))});`,
    'setInterval(() => {}, 1000);',
  ].join('\n'),
);

function run(...args: string[]): { status: number | null; out: string } {
  return runWith({}, ...args);
}

function runWith(
  env: NodeJS.ProcessEnv,
  ...args: string[]
): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
    env: { ...process.env, BENCH_DIR: root, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, out: r.stdout };
}

// Each case spawns the runner and its benches (tsx start-up included) on a shared machine.
describe('npm run bench', { timeout: 120_000 }, () => {
  it('exits zero when every target is met', () => {
    const r = run('good');
    expect(r.out).toContain('good {');
    expect(r.status).toBe(0);
  });

  it('exits non-zero and names the target when one is missed', () => {
    const r = run('good', 'missed');
    expect(r.out).toContain('missed MISSED p99');
    expect(r.status).toBe(1);
  });

  it('only prints with --print-only (or --no-fail)', () => {
    expect(run('--print-only', 'good', 'missed').status).toBe(0);
    expect(run('--no-fail', 'missed').status).toBe(0);
  });

  it('still fails on a crash or a line without targets', () => {
    const r = run('--print-only', 'untargeted', 'crashed');
    expect(r.out).toContain('untargeted FAILED: unusable targets');
    expect(r.out).toContain('crashed FAILED: exit 2');
    expect(r.status).toBe(1);
  });

  it('stops a bench at its limit, with its children, and says so', () => {
    const r = runWith({ BENCH_LIMIT_S: '3' }, 'hangs');
    expect(r.out).toMatch(/hangs FAILED: stopped at its limit of 3 s \(exit SIGTERM\)/);
    expect(r.out).toContain('hangs took');
    expect(r.status).toBe(1);
    const pid = Number(readFileSync(join(root, 'hangs.pid'), 'utf8'));
    expect(alive(pid)).toBe(false);
  });
});

/** A zombie (killed, not yet reaped by whoever adopted it) counts as gone. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
