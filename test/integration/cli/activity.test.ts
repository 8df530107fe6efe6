/**
 * `serve --demo` prints a summary line per second of UI activity by default, so the banner and
 * its token stay in sight; `--verbose` prints every event.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

const TOKEN = 'activity-test-token-0123456789';
const SUMMARY = /^\d\d:\d\d:\d\d\.\d{3} \d+ events? \(/m;
const EVENT = /^\d\d:\d\d:\d\d\.\d{3} #\d+ /m;

let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
});

function serve(extra: string[]): ChildProcessWithoutNullStreams {
  const args = ['--import', 'tsx', 'src/cli.ts', 'serve', '--backend', 'sim', '--demo'];
  return spawn(process.execPath, [...args, '--port', '0', '--token', TOKEN, ...extra]);
}

/** All stdout up to the first match of `pattern` (rejects at the deadline or on exit). */
function outputUntil(c: ChildProcessWithoutNullStreams, pattern: RegExp, ms = 30_000) {
  return new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in ${ms} ms:\n${seen}`)), ms);
    c.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve(seen);
      }
    });
    c.once('exit', () => reject(new Error(`exited before ${pattern}:\n${seen}`)));
  });
}

describe('serve activity feed', () => {
  it('prints summary lines, not one line per event, by default', async () => {
    child = serve([]);
    const out = await outputUntil(child, new RegExp(`${SUMMARY.source}[\\s\\S]*\\n.*\\n`, 'm'));
    expect(out).toContain(`token      ${TOKEN}`);
    expect(out).toMatch(SUMMARY);
    expect(out).not.toMatch(EVENT);
  }, 60_000);

  it('prints every event with --verbose', async () => {
    child = serve(['--verbose']);
    const out = await outputUntil(child, EVENT);
    expect(out).toContain(`token      ${TOKEN}`);
  }, 60_000);
});
