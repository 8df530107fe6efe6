/**
 * The JavaFX debug library's own test plan (providers/javafx/test): built with javac and run
 * against a mini JavaFX app in a headless desktop, over the library's real local HTTP server.
 */
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedDesktop, stopSharedDesktop } from '../atspi/harness.js';

const BUILD_DEADLINE_MS = 240_000;

interface Run {
  code: number | null;
  output: string;
}

function runLibraryTests(env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['providers/javafx/build.sh', 'test'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_DEADLINE_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('providers/javafx', () => {
  afterAll(stopSharedDesktop);

  it(
    'passes its test plan: snapshot, query, actions, screenshot, transport, entry points',
    async () => {
      const desktop = await sharedDesktop();
      const run = await runLibraryTests(desktop.env);
      const closing = /^(\d+) passed, (\d+) failed$/m.exec(run.output);
      expect(closing, run.output).not.toBeNull();
      const [, passed, failed] = closing ?? [];
      expect({ failed: Number(failed), code: run.code }, run.output).toEqual({
        failed: 0,
        code: 0,
      });
      process.stdout.write(`javafx library: ${closing?.[0] ?? ''}\n`);
      expect(Number(passed)).toBeGreaterThanOrEqual(33);
    },
    BUILD_DEADLINE_MS + 10_000,
  );
});
