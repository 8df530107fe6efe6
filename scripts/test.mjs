#!/usr/bin/env node
// `npm test`: prepare what the real-desktop tests need on a fresh machine, then run vitest.
// Extra arguments go to vitest (e.g. `npm test -- test/unit/cache`).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
