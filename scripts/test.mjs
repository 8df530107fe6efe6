#!/usr/bin/env node
// `npm test`: prepare what the real-desktop tests need on a fresh machine (`npm run
// setup:desktop`: the headless Linux desktop's Debian packages, a no-op once present), run
// vitest, and close with one plain "N passed, N failed" line that counts expected failures
// (known gaps declared in expectation files) apart from passes.
// Extra arguments go to vitest (e.g. `npm test -- test/unit/cache`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { summary } from './test-summary.mjs';

const args = process.argv.slice(2);
const prepare = 'scripts/desktop/install.sh';
if (process.platform === 'linux' && existsSync(prepare)) {
  const setup = spawnSync('npm', ['run', '-s', 'setup:desktop'], { stdio: 'inherit' });
  if (setup.status !== 0) {
    console.error('npm run setup:desktop failed: the real-desktop tests cannot run');
    process.exit(setup.status ?? 1);
  }
}

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ],
  { stdio: 'inherit' },
);

if (existsSync(report)) console.log(summary(JSON.parse(readFileSync(report, 'utf8'))));

process.exit(run.status ?? 1);
