#!/usr/bin/env node
// Entry point: runs the compiled CLI when built (npm run build), else the TypeScript sources
// through tsx (a development dependency), so a fresh checkout works without a build step.
import { existsSync } from 'node:fs';

const built = new URL('../dist/src/cli.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli.ts', import.meta.url).href);
}
