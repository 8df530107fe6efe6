#!/usr/bin/env node
// Entry point. An installed package ships the build (dist/) and no TypeScript sources, so it runs
// the build and needs no development dependency. A checkout has the sources and runs them through
// tsx (a development dependency), so a stale dist/ left by `npm pack` can never shadow them.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli.ts', import.meta.url);
const built = new URL('../dist/src/cli.js', import.meta.url);

async function tsxRegister() {
  try {
    return (await import('tsx/esm/api')).register;
  } catch {
    return null;
  }
}

const register = existsSync(source) ? await tsxRegister() : null;
if (register !== null) {
  register();
  await import(source.href);
} else if (existsSync(built)) {
  await import(built.href);
} else {
  process.stderr.write('uistream: no build found; run `npm run build` (or npm install tsx)\n');
  process.exit(1);
}
