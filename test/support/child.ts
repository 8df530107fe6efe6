/** Child processes in tests: wait for a line of their output, or run one to its end. */
import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptions } from 'node:child_process';

/**
 * The first match of `pattern` in the child's stdout; rejects at the deadline or when the child
 * exits first, with what it printed on both streams.
 */
export function waitForOutput(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
  ms = 30_000,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms: ${seen}`)), ms);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      const match = seen.match(pattern);
      if (match === null) return;
      clearTimeout(timer);
      resolve(match);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before ${pattern}: ${seen}${errors}`));
    });
  });
}

export interface Completed {
  code: number | null;
  /** stdout and stderr interleaved as they arrived. */
  output: string;
}

/** Run a command to its end (killed at `timeoutMs`): its exit code and everything it printed. */
export function runToEnd(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<Completed> {
  const { timeoutMs = 300_000, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
