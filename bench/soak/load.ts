/**
 * The soak's client load in a process of its own: 200 sockets' frames keep an event loop busy,
 * and the sampler in the bench process must not wait behind them for the server's memory
 * report. `startLoad` spawns this file; run as the entry, it opens the clients, runs their
 * loops until the run's end and answers its tally over IPC.
 */
import { spawn } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { fileURLToPath } from 'node:url';
import { emptyTally, roleOf, runRole, type Role, type Tally, type Workload } from './client.js';

export interface LoadSettings {
  url: string;
  token: string;
  clients: number;
  seconds: number;
  workload: Workload;
  paceMs: number;
  churnMs: number;
}

export interface LoadResult {
  tally: Tally;
  roles: Record<string, number>;
  failedClients: number;
}

/** Bounds the clients' wind-down after the run (each awaits its last answer, then closes). */
const WIND_DOWN_MS = 60_000;

async function runLoad(settings: LoadSettings): Promise<LoadResult> {
  const tally = emptyTally();
  const stop = AbortSignal.timeout(settings.seconds * 1_000);
  // Every client loop waits on it.
  setMaxListeners(settings.clients + 10, stop);
  const roles: Record<string, number> = {};
  let failedClients = 0;
  const ctx = { ...settings, tally, stop };
  const loops = Array.from({ length: settings.clients }, (_, i) => {
    const role: Role = roleOf(i, settings.workload);
    roles[role] = (roles[role] ?? 0) + 1;
    return runRole(role, i, ctx).catch(() => void failedClients++);
  });
  await Promise.all(loops);
  return { tally, roles, failedClients };
}

/** Run the load in a child process; its result once the run and the clients' wind-down end. */
export function startLoad(settings: LoadSettings): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(settings)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const kill = (): void => void child.kill('SIGKILL');
  process.once('exit', kill);
  return new Promise<LoadResult>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        kill();
        reject(new Error('the soak load did not finish'));
      },
      settings.seconds * 1_000 + WIND_DOWN_MS,
    );
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('exit', (code) => {
      clearTimeout(timer);
      process.off('exit', kill);
      reject(new Error(`the soak load exited ${code} without a result`));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runLoad(JSON.parse(process.argv[2] ?? '{}') as LoadSettings);
  process.send?.(result, () => process.exit(0));
}
