/**
 * Host launch options with a real child process: a host's stderr can go to a file, appended,
 * so what a dying host wrote outlives it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchHost } from '../../../../src/backends/uia/uiaTransport.js';

let dir: string | undefined;

afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function exitOf(module: string, file: string): Promise<string> {
  const channel = launchHost({ module, stderr: { file } });
  return new Promise((resolve) => channel.onExit(resolve));
}

describe('launchHost', () => {
  it("appends a process host's stderr to the named file, and reports how it ended", async () => {
    dir = mkdtempSync(join(tmpdir(), 'uistream-transport-'));
    const module = join(dir, 'dying-host.mjs');
    writeFileSync(module, "process.stderr.write('last words\\n');\nprocess.exit(3);\n");
    const log = join(dir, 'host-stderr.log');
    writeFileSync(log, 'earlier host\n');
    const first = await exitOf(module, log);
    const second = await exitOf(module, log);
    expect(first).toBe('host exited (code 3)');
    expect(second).toBe('host exited (code 3)');
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    expect(lines).toEqual(['earlier host', 'last words', 'last words']);
  });
});
