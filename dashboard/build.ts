/**
 * Build the dashboard bundle into dashboard/dist: esbuild bundles the page (Preact, the
 * TypeScript client and the protocol) into one minified script; the HTML and CSS are copied;
 * a stamp with the sources' hash is written last. `--if-stale` builds only when the stamp
 * differs from the sources (npm start and the tests call it; the server refuses stale stamps).
 * Each file is written to a temporary name and renamed, so concurrent builds never expose a
 * half-written file.
 */
import { build, type Plugin } from 'esbuild';
import { copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DASHBOARD_DIST,
  REPO_ROOT,
  STAMP_FILE,
  builtHash,
  dashboardSourceHash,
} from '../src/server/dashboard-stamp.js';

const STATIC = ['index.html', 'app.css'];

function atomicName(dest: string): string {
  return `${dest}.${process.pid}.tmp`;
}

/**
 * zod's namespace object re-exports every message locale (hundreds of KB); the page only ever
 * shows English messages, so the locale index resolves to English alone.
 */
const englishOnlyZod: Plugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${join('node_modules', 'zod')}`)
        ? { path: 'zod-locales', namespace: 'zod-english-only' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: REPO_ROOT,
    }));
  },
};

export interface BuildResult {
  built: boolean;
  hash: string | null;
}

export async function buildDashboard(options: { ifStale?: boolean } = {}): Promise<BuildResult> {
  const hash = dashboardSourceHash();
  if (options.ifStale === true && hash !== null && builtHash() === hash) {
    return { built: false, hash };
  }
  mkdirSync(DASHBOARD_DIST, { recursive: true });
  const out = await build({
    entryPoints: [join(REPO_ROOT, 'dashboard/src/main.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox115', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
    plugins: [englishOnlyZod],
  });
  const script = out.outputFiles[0];
  if (script === undefined) throw new Error('esbuild produced no output');
  const appJs = join(DASHBOARD_DIST, 'app.js');
  writeFileSync(atomicName(appJs), script.contents);
  renameSync(atomicName(appJs), appJs);
  for (const name of STATIC) {
    const dest = join(DASHBOARD_DIST, name);
    copyFileSync(join(REPO_ROOT, 'dashboard/static', name), atomicName(dest));
    renameSync(atomicName(dest), dest);
  }
  const stamp = join(DASHBOARD_DIST, STAMP_FILE);
  writeFileSync(atomicName(stamp), JSON.stringify({ hash, builtAt: new Date().toISOString() }));
  renameSync(atomicName(stamp), stamp);
  return { built: true, hash };
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const result = await buildDashboard({ ifStale: process.argv.includes('--if-stale') });
  if (result.built) process.stderr.write(`dashboard: built ${DASHBOARD_DIST}\n`);
}
