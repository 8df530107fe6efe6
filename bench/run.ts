/**
 * `npm run bench [-- name...]`: runs every bench/<name>/index.ts (or the named ones) one after
 * another in its own Node process (with --expose-gc), and prints each one's JSON line prefixed
 * by its name. A bench that fails, prints no JSON line or overruns its time limit is reported
 * and makes the run exit non-zero; the others still run.
 */
import { spawn } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const LIMIT_MS = 15 * 60_000;

interface Outcome {
  name: string;
  ok: boolean;
  line?: string;
  reason?: string;
}

function discover(selected: string[]): string[] {
  const all = readdirSync(benchDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(benchDir, d.name, 'index.ts')))
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
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('{'))
        .pop();
      if (code !== 0) resolve({ name, ok: false, reason: `exit ${code ?? signal}`, line });
      else if (line === undefined) resolve({ name, ok: false, reason: 'printed no JSON line' });
      else resolve({ name, ok: true, line });
    });
  });
}

async function main(): Promise<void> {
  const names = discover(process.argv.slice(2));
  let failed = 0;
  for (const name of names) {
    const outcome = await runOne(name);
    if (outcome.ok && outcome.line !== undefined) console.log(`${name} ${outcome.line}`);
    else {
      failed += 1;
      console.log(
        `${name} FAILED: ${outcome.reason ?? 'unknown'}${outcome.line ? ` ${outcome.line}` : ''}`,
      );
    }
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
