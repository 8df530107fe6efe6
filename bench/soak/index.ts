/**
 * Soak benchmark (one JSON line): a real uistream server process with the sim demo's
 * scripted activity (bench/soak/server.ts) and 200 clients over WebSocket on 127.0.0.1 for
 * 240 s (UISTREAM_SOAK_S=600 for a long run), bounded in clients and seconds. Two workloads
 * (`--workload`, UISTREAM_SOAK_WORKLOAD): `mixed` (the default), every client subscribed to
 * events and mixing cached reads with actions on the demo's windows; `roles`, clients split
 * into readers, event and tree subscribers and reconnecting clients. Every few seconds the
 * server forces a GC and reports its RSS and live heap; the growth figures are least-squares
 * slopes over the second half, the first being warm-up (a fresh V8 process grows its
 * committed old space for about its first 100 s while the live heap is flat).
 * Targets (bench/targets.ts): RSS and live-heap slopes, every request answered exactly once.
 */
import { setMaxListeners } from 'node:events';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ServerProcess } from '../ws/process.js';
import { printLine } from '../lib/targets.js';
import { emptyTally, roleOf, runRole, type Role, type Workload } from './client.js';
import { DEMO_STEP_MS, SOAK_CACHE } from './conditions.js';
import { growthMiBPerMin, type Sample } from '../lib/slope.js';

const MAX_CLIENTS = 1_000;
const MAX_SECONDS = 3_600;
const DEFAULT_SECONDS = 240;
const PACE_MS = 2_000;
const CHURN_MS = 15_000;
const MIB = 1024 * 1024;

interface Mem {
  rss: number;
  heapUsed: number;
  external: number;
  eventLogBytes: number | null;
  tombstones: { tombstones: number; tombstoneBytes: number } | null;
  seq: number;
  ws: { connections: number; queuedBytes: number };
}

interface Settings {
  seconds: number;
  clients: number;
  sampleMs: number;
  workload: Workload;
}

function settings(): Settings {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      minutes: { type: 'string' },
      clients: { type: 'string' },
      workload: { type: 'string' },
    },
  });
  const workload = (values.workload ?? process.env.UISTREAM_SOAK_WORKLOAD ?? 'mixed') as Workload;
  if (workload !== 'mixed' && workload !== 'roles') throw new Error('workload: mixed | roles');
  const fromMinutes = values.minutes === undefined ? undefined : Number(values.minutes) * 60;
  const seconds = Number(
    values.seconds ?? fromMinutes ?? process.env.UISTREAM_SOAK_S ?? DEFAULT_SECONDS,
  );
  const clients = Number(values.clients ?? process.env.UISTREAM_SOAK_CLIENTS ?? 200);
  if (!(seconds >= 20 && seconds <= MAX_SECONDS)) throw new Error(`seconds: 20..${MAX_SECONDS}`);
  if (!(clients >= 1 && clients <= MAX_CLIENTS)) throw new Error(`clients: 1..${MAX_CLIENTS}`);
  // About 20 samples whatever the length, never more often than every 2 s.
  const sampleMs = Math.max(2_000, Math.round((seconds * 1_000) / 20));
  return { seconds, clients, sampleMs, workload };
}

/**
 * With UISTREAM_SOAK_HEAP_DIR set, the server writes a heap snapshot at the first sample of the
 * second half and at the last one: what grew between them is what the slope measures.
 */
const HEAP_DIR = process.env.UISTREAM_SOAK_HEAP_DIR;

async function sampleUntil(
  server: ServerProcess,
  stop: AbortSignal,
  everyMs: number,
  startedAt: number,
  seconds: number,
): Promise<{ rss: Sample[]; live: Sample[]; last: Mem | undefined }> {
  const rss: Sample[] = [];
  const live: Sample[] = [];
  let last: Mem | undefined;
  let midTaken = false;
  while (!stop.aborted) {
    const elapsed = Date.now() - startedAt;
    const mid: boolean = HEAP_DIR !== undefined && !midTaken && elapsed >= (seconds * 1_000) / 2;
    const end: boolean = HEAP_DIR !== undefined && elapsed + everyMs >= seconds * 1_000;
    midTaken ||= mid;
    const snapshot = mid ? 'mid' : end ? 'end' : undefined;
    last = await server.run<Mem>({
      cmd: 'mem',
      ...(snapshot === undefined
        ? {}
        : { snapshot: join(HEAP_DIR ?? '', `${snapshot}.heapsnapshot`) }),
    });
    const atMs = Date.now() - startedAt;
    rss.push({ atMs, bytes: last.rss });
    live.push({ atMs, bytes: last.heapUsed + last.external });
    await sleep(everyMs, undefined, { signal: stop }).catch(() => undefined);
  }
  return { rss, live, last };
}

const round = (v: number | null, digits = 3): number | null =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

async function main(): Promise<void> {
  const { seconds, clients, sampleMs, workload } = settings();
  const bound = setTimeout(
    () => {
      process.stderr.write(`soak bench overran ${seconds + 120} s\n`);
      process.exit(1);
    },
    (seconds + 120) * 1_000,
  );
  const file = join(dirname(fileURLToPath(import.meta.url)), 'server.ts');
  const { proc, ready } = await ServerProcess.start(file);
  const tally = emptyTally();
  const stop = AbortSignal.timeout(seconds * 1_000);
  // Every client loop and the sampler wait on it.
  setMaxListeners(clients + 10, stop);
  const roles: Record<string, number> = {};
  let failedClients = 0;
  try {
    const startedAt = Date.now();
    const ctx = {
      url: ready.url,
      token: ready.token,
      tally,
      paceMs: PACE_MS,
      churnMs: CHURN_MS,
      stop,
    };
    const loops = Array.from({ length: clients }, (_, i) => {
      const role: Role = roleOf(i, workload);
      roles[role] = (roles[role] ?? 0) + 1;
      return runRole(role, i, ctx).catch(() => void failedClients++);
    });
    const sampled = sampleUntil(proc, stop, sampleMs, startedAt, seconds);
    await Promise.all(loops);
    const { rss, live, last } = await sampled;
    const slope = growthMiBPerMin(rss);
    const unanswered = tally.sent - tally.answered;
    printLine('soak', {
      workload,
      seconds,
      clients,
      roles,
      paceMs: PACE_MS,
      churnMs: CHURN_MS,
      demoStepMs: DEMO_STEP_MS,
      storeBounds: SOAK_CACHE,
      samples: rss.length,
      rssMiB: {
        first: round((rss[0]?.bytes ?? NaN) / MIB, 1),
        last: round((last?.rss ?? NaN) / MIB, 1),
      },
      rssSlopeMiBPerMin: round(slope),
      liveSlopeMiBPerMin: round(growthMiBPerMin(live)),
      eventLogBytes: last?.eventLogBytes ?? null,
      tombstones: last?.tombstones?.tombstones ?? null,
      tombstoneBytes: last?.tombstones?.tombstoneBytes ?? null,
      events: last?.seq ?? null,
      requests: {
        sent: tally.sent,
        answered: tally.answered,
        duplicates: tally.duplicates,
        unanswered,
      },
      errors: tally.errors,
      notifications: tally.notifications,
      failedClients,
      loadAverage1m: round(loadavg()[0] ?? 0, 2),
    });
  } finally {
    clearTimeout(bound);
    await proc.stop();
  }
}

await main();
