import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./fixtures/audit-then-die.ts', import.meta.url));
const CHILD_DEADLINE_MS = 20_000;

/** Run the child to its self-inflicted SIGKILL; resolves with the signal it died of. */
function runChild(path: string, count: number): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, String(count)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child did not finish within ${CHILD_DEADLINE_MS} ms`));
    }, CHILD_DEADLINE_MS);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== null && code !== 0) reject(new Error(`child failed (${code}): ${stderr}`));
      else resolve(signal);
    });
  });
}

describe('audit log across a crash', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every line written before the process was killed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-crash-'));
    const path = join(dir, 'audit.jsonl');
    expect(await runChild(path, 250)).toBe('SIGKILL');
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.pop()).toBe(''); // the last line is complete: it ends with a newline
    expect(lines).toHaveLength(250);
    const targets = lines.map((l) => (JSON.parse(l) as { target: string }).target);
    expect(targets).toEqual(Array.from({ length: 250 }, (_, i) => `e${i}`));
  });
});
