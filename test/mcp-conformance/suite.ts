/**
 * Fetch and run the official MCP conformance suite. Version 0.1.16 needs Node >= 22, so it
 * runs on a Node 22 binary from the npm registry (see node22.ts).
 */
import { spawn } from 'node:child_process';
import { ensureNode22Tool, node22Supported } from './node22.js';

export const SUITE_VERSION = '0.1.16';

/** Whether this machine can run the suite. */
export const suiteSupported = node22Supported;

/** Install the suite and Node 22 into the cache unless they are there; throws on failure. */
export function ensureSuite(): { node: string; suite: string } {
  const { node, entry } = ensureNode22Tool({
    cache: 'mcp-conformance',
    pkg: `@modelcontextprotocol/conformance@${SUITE_VERSION}`,
    entry: '@modelcontextprotocol/conformance/dist/index.js',
    timeoutMs: 240_000,
  });
  return { node, suite: entry };
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
