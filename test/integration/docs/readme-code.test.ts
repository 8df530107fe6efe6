/**
 * Every code block of the READMEs and docs/ is checked by its language tag:
 * - `ts`: type-checked under the repo's tsconfig (tsc), then run with tsx against a fresh sim
 *   server (UISTREAM_URL / UISTREAM_TOKEN in its environment); it must exit 0.
 * - `python`: run with Debian's /usr/bin/python3 against a fresh sim server the same way, the
 *   client from clients/python/src; a block defining `test_` functions runs under pytest with
 *   the uistream plugin attached to that server.
 * - `json`: must parse.
 * - `sh`: checked lightly, never run (they start servers or install packages): every `npm run X`
 *   names a script of package.json.
 * Untagged blocks are sample output or layouts and are not checked.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { startServer } from '../../../src/server/index.js';

const READMES = [
  'README.md',
  'clients/typescript/README.md',
  'src/backends/sim/README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const DIR = resolve('.tmp/readme-code');

interface Block {
  file: string;
  index: number;
  lang: string;
  code: string;
}

function blocks(file: string): Block[] {
  const out: Block[] = [];
  const re = /^```(\w*)\n([\s\S]*?)^```$/gm;
  for (const m of readFileSync(file, 'utf8').matchAll(re)) {
    out.push({ file, index: out.length, lang: m[1] ?? '', code: m[2] ?? '' });
  }
  return out;
}

const all = READMES.flatMap(blocks);
const ts = all.filter((b) => b.lang === 'ts');
const python = all.filter((b) => b.lang === 'python');
const scripts = Object.keys(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
);

/** The package's entry points as a checkout has them (the package maps them to its build). */
const PACKAGE_ENTRIES: Record<string, string> = {
  'uistream/client': '../../clients/typescript/index.js',
  'uistream/protocol': '../../protocol/src/index.js',
  'uistream/client/provider': '../../clients/typescript/provider.js',
};

/** The block as a file under .tmp, its imports made relative to the repo root. */
function tsFile(b: Block): string {
  const name = `${b.file.replace(/[/.]/g, '_')}_${b.index}.ts`;
  const code = b.code
    .replace(/from '\.\//g, "from '../../")
    .replace(/from '(uistream\/[\w/]+)'/g, (whole, entry: string) =>
      PACKAGE_ENTRIES[entry] === undefined ? whole : `from '${PACKAGE_ENTRIES[entry]}'`,
    );
  writeFileSync(join(DIR, name), code);
  return join(DIR, name);
}

describe('README code blocks', () => {
  it('has TypeScript blocks that type-check under the repo tsconfig', { timeout: 240_000 }, () => {
    expect(ts.length).toBeGreaterThanOrEqual(2);
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    for (const b of ts) tsFile(b);
    writeFileSync(
      join(DIR, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.json',
        compilerOptions: { noEmit: true },
        include: ['*.ts'],
      }),
    );
    const r = spawnSync(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', join(DIR, 'tsconfig.json')],
      {
        encoding: 'utf8',
        timeout: 200_000,
      },
    );
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  const runnable = [...ts, ...(process.platform === 'linux' ? python : [])];
  for (const b of runnable) {
    it(`runs ${b.file} block ${b.index} against a sim server`, { timeout: 120_000 }, async () => {
      mkdirSync(DIR, { recursive: true });
      const file = b.lang === 'ts' ? tsFile(b) : pyFile(b);
      const app = await createApp(loadConfig({ backend: 'sim', port: 0, host: '127.0.0.1' }));
      const server = await startServer(app);
      try {
        const run = await new Promise<{ code: number | null; out: string }>((done) => {
          const child = runBlock(file, server.url, server.token ?? '');
          let out = '';
          child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
          const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
          child.on('close', (code) => {
            clearTimeout(timer);
            done({ code, out });
          });
        });
        expect(run.code, run.out).toBe(0);
      } finally {
        await server.close();
        await app.stop();
      }
    });
  }

  it('has JSON blocks that parse', () => {
    const json = all.filter((b) => b.lang === 'json');
    expect(json.length).toBeGreaterThan(0);
    for (const b of json)
      expect(() => JSON.parse(b.code) as unknown, `${b.file} #${b.index}`).not.toThrow();
  });

  it('has shell blocks that name only existing npm scripts', () => {
    const named = all
      .filter((b) => b.lang === 'sh')
      .flatMap((b) => [...b.code.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] ?? ''));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((s) => !scripts.includes(s))).toEqual([]);
  });
});

/** A Python block as a file under .tmp (`test_` in its name when pytest is to run it). */
function pyFile(b: Block): string {
  const prefix = /^def test_/m.test(b.code) ? 'test_' : '';
  const name = `${prefix}${b.file.replace(/[/.-]/g, '_')}_${b.index}.py`;
  writeFileSync(join(DIR, name), b.code);
  return join(DIR, name);
}

/** The block run as a program, pointed at the server through its environment. */
function runBlock(file: string, url: string, token: string) {
  const env = { ...process.env, UISTREAM_URL: url, UISTREAM_TOKEN: token };
  if (file.endsWith('.py')) {
    const pytest = ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-p', 'uistream.pytest_plugin'];
    const args = file.includes('/test_') ? [...pytest, '--rootdir', DIR, file] : [file];
    return spawn('/usr/bin/python3', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, PYTHONPATH: resolve('clients/python/src'), PYTHONDONTWRITEBYTECODE: '1' },
    });
  }
  return spawn(process.execPath, ['--import', 'tsx', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
}
