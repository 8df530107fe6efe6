#!/usr/bin/env node
// `npm pack` / `npm publish`: build what the package ships from a clean slate. The server, the
// protocol and the TypeScript client compile to dist/ (a stale file of a removed module must not
// ship, hence the removal first); the dashboard bundle goes to dashboard/dist/.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`prepack: ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

rmSync('dist', { recursive: true, force: true });
run('npx', ['tsc', '-p', 'tsconfig.build.json']);
run('npx', ['tsx', 'dashboard/build.ts']);
