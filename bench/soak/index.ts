/**
 * Soak benchmark (one JSON line): a real uistream server process with the sim demo's
 * scripted activity (bench/soak/server.ts), 200 clients over WebSocket on 127.0.0.1 doing a
 * mix of reads, event subscriptions, tree subscriptions and reconnects for 240 s
 * (UISTREAM_SOAK_S=600 for a long run). 240 s, not 90: a fresh V8 process still grows its
 * committed old space for about the first 100 s while the live heap is flat, so a 90 s run's
 * second half measured warm-up, not a trend. Every few seconds the server forces
 * a GC and reports its RSS; the growth figure is the least-squares slope over the second half.
 * Targets: RSS slope <= 0.5 MiB/min, and every request answered exactly once.
 */
import { setMaxListeners } from 'node:events';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ServerProcess } from '../ws/process.js';
import { atMost, exactly, printLine } from '../targets.js';
import { emptyTally, roleOf, runRole, type Role } from './client.js';
import { DEMO_STEP_MS, SOAK_CACHE } from './conditions.js';
import { growthMiBPerMin, type Sample } from './slope.js';

const MAX_SLOPE_MIB_PER_MIN = 0.5;
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

function settings(): { seconds: number; clients: number; sampleMs: number } {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      minutes: { type: 'string' },
      clients: { type: 'string' },
    },
  });
  const fromMinutes = values.minutes === undefined ? undefined : Number(values.minutes) * 60;
  const seconds = Number(
    values.seconds ?? fromMinutes ?? process.env.UISTREAM_SOAK_S ?? DEFAULT_SECONDS,
  );
  const clients = Number(values.clients ?? process.env.UISTREAM_SOAK_CLIENTS ?? 200);
  if (!(seconds >= 20 && seconds <= MAX_SECONDS)) throw new Error(`seconds: 20..${MAX_SECONDS}`);
  if (!(clients >= 1 && clients <= MAX_CLIENTS)) throw new Error(`clients: 1..${MAX_CLIENTS}`);
  // About 20 samples whatever the length, never more often than every 2 s.
  return { seconds, clients, sampleMs: Math.max(2_000, Math.round((seconds * 1_000) / 20)) };
}

async function sampleUntil(
  server: ServerProcess,
  stop: AbortSignal,
  everyMs: number,
  startedAt: number,
): Promise<{ rss: Sample[]; live: Sample[]; last: Mem | undefined }> {
  const rss: Sample[] = [];
  const live: Sample[] = [];
  let last: Mem | undefined;
  while (!stop.aborted) {
    last = await server.run<Mem>({ cmd: 'mem' });
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
  const { seconds, clients, sampleMs } = settings();
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
      const role: Role = roleOf(i);
      roles[role] = (roles[role] ?? 0) + 1;
      return runRole(role, i, ctx).catch(() => void failedClients++);
    });
    const sampled = sampleUntil(proc, stop, sampleMs, startedAt);
    await Promise.all(loops);
    const { rss, live, last } = await sampled;
    const slope = growthMiBPerMin(rss);
    const unanswered = tally.sent - tally.answered;
    printLine({
      bench: 'soak',
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
      targets: {
        rssSlopeMiBPerMin: atMost(round(slope), MAX_SLOPE_MIB_PER_MIN, ' MiB/min'),
        unanswered: exactly(unanswered, 0),
        duplicateAnswers: exactly(tally.duplicates, 0),
        failedClients: exactly(failedClients, 0),
      },
    });
  } finally {
    clearTimeout(bound);
    await proc.stop();
  }
}

await main();
