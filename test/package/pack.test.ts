/**
 * The package as its users get it: `npm pack` (prepack builds), then `npm install -g` of the
 * tarball into a fresh prefix (its dependencies from the npm cache or registry). The installed
 * `uistream` must print its version, serve WebSocket and the dashboard, answer as an MCP stdio
 * command through `npx`, and a scratch TypeScript project must type-check against
 * `uistream/client` and `uistream/protocol`. One pack and one install serve every case (they
 * are the slow part: a build, a bundle and a dependency install).
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ClientModule from '../../clients/typescript/index.js';
import { SCRATCH_FILES } from './scratch.js';

const REPO = resolve(import.meta.dirname, '../..');
const VERSION = (
  JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }
).version;
const TOKEN = 'pack-test-token-0123456789abcdef';

let work = '';
let prefix = '';
let installed = '';
let server: ChildProcessWithoutNullStreams | undefined;

/** The environment of a user's shell: no npm lifecycle variables of the `npm test` around us. */
function userEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^npm_(lifecycle|package|config_global|config_prefix)/.test(key)) {
      env[key] = value;
    }
  }
  return { ...env, ...extra };
}

function run(command: string, args: string[], cwd: string, env = userEnv()): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 240_000 });
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${output}`);
  return result.stdout;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'uistream-pack-'));
  prefix = join(work, 'prefix');
  run('npm', ['pack', '--silent', '--pack-destination', work], REPO);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  // --prefer-offline: the dependencies come from npm's cache when it has them (a checkout's
  // `npm ci` filled it), else from the registry.
  const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
  run('npm', ['install', '-g', '--prefix', prefix, ...flags, join(work, tarball)], work);
  installed = join(prefix, 'lib', 'node_modules', 'uistream');
}, 300_000);

afterAll(() => {
  if (server !== undefined && server.exitCode === null) server.kill('SIGKILL');
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

/** stdout up to the first match of `pattern` (rejects at the deadline or on exit). */
function outputUntil(child: ChildProcessWithoutNullStreams, pattern: RegExp, ms = 30_000) {
  return new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in ${ms} ms:\n${seen}`)), ms);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve(seen);
      }
    });
    child.once('exit', () => reject(new Error(`exited before ${pattern}:\n${seen}`)));
  });
}

describe('the packed and globally installed package', () => {
  it('ships the build and no sources or tests', () => {
    const listed = run('tar', ['tzf', readdirSync(work).find((n) => n.endsWith('.tgz'))!], work);
    expect(listed).toContain('package/dist/src/cli.js');
    expect(listed).toContain('package/dashboard/dist/app.js');
    expect(listed).toContain('package/dist/clients/typescript/index.d.ts');
    expect(listed).not.toMatch(/^package\/(src|test|bench|clients)\//m);
    expect(listed).not.toMatch(/\.map$/m);
  });

  it('prints its version', () => {
    expect(run(join(prefix, 'bin', 'uistream'), ['--version'], work).trim()).toBe(VERSION);
  });

  it('serves WebSocket and the dashboard', async () => {
    const args = ['serve', '--backend', 'sim', '--port', '0', '--token', TOKEN, '--quiet'];
    server = spawn(join(prefix, 'bin', 'uistream'), args, { cwd: work, env: userEnv() });
    const banner = await outputUntil(server, /dashboard +(http:\S+)#token=/);
    const wsUrl = /WebSocket +(ws:\S+)/.exec(banner)?.[1];
    const dashboardUrl = /dashboard +(http:\S+)#token=/.exec(banner)?.[1];
    expect(wsUrl).toBeDefined();
    // The installed client, not the checkout's: what `import 'uistream/client'` loads.
    const entry = join(installed, 'dist', 'clients', 'typescript', 'index.js');
    const { connect } = (await import(pathToFileURL(entry).href)) as typeof ClientModule;
    const client = await connect(wsUrl!, { token: TOKEN, reconnect: false });
    const { windows } = await client.call('windows.list');
    expect(windows.length).toBeGreaterThan(0);
    await client.close();
    const page = await fetch(dashboardUrl!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>uistream dashboard</title>');
    const script = await fetch(new URL('app.js', dashboardUrl));
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(10_000);
  }, 60_000);

  it('answers initialize and tools/list as the MCP host command `npx uistream mcp`', async () => {
    const client = new Client({ name: 'pack-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['--no-install', 'uistream', 'mcp', '--backend', 'sim'],
      cwd: work,
      // A global install is found by npx through the prefix it went to.
      env: userEnv({ npm_config_prefix: prefix }),
      stderr: 'pipe',
    });
    try {
      await client.connect(transport);
      expect(client.getServerVersion()?.version).toBe(VERSION);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('ui_click');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('type-checks a scratch project importing uistream/client and uistream/protocol', () => {
    const scratch = join(work, 'scratch');
    mkdirSync(join(scratch, 'node_modules', '@types'), { recursive: true });
    symlinkSync(installed, join(scratch, 'node_modules', 'uistream'));
    // The user's own @types/node, as any Node TypeScript project has it.
    symlinkSync(
      join(REPO, 'node_modules', '@types', 'node'),
      join(scratch, 'node_modules', '@types', 'node'),
    );
    for (const [name, text] of Object.entries(SCRATCH_FILES)) {
      writeFileSync(join(scratch, name), text);
    }
    const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', scratch], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);
});
