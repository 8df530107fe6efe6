/**
 * Soak benchmark (one JSON line): a real uistream server process with the sim demo's
 * scripted activity (bench/soak/server.ts) and 200 clients over WebSocket on 127.0.0.1 for
 * 600 s (`--seconds`, UISTREAM_SOAK_S), bounded in clients and seconds. Two workloads
 * (`--workload`, UISTREAM_SOAK_WORKLOAD): `mixed` (the default), every client subscribed to
 * events and mixing cached reads with actions on the demo's windows; `roles`, clients split
 * into readers, event and tree subscribers and reconnecting clients. The clients run in a
 * process of their own (load.ts). Every few seconds the server forces a GC and reports its RSS
 * and live heap (sampler.ts); the growth figures are Theil-Sen slopes over the second half with
 * their 95% interval (bench/lib/slope.ts), the first half being warm-up. The judged half is 5
 * minutes: RSS after a forced GC still moves in steps of 10-25 MiB that stay for minutes (V8
 * and malloc keeping or handing back pages), and one such step in a 2.5-minute half read as
 * 2.7 MiB/min against -0.02 in the next run of the same tree.
 * `--leak-mib-per-min N` (UISTREAM_SOAK_LEAK_MIB_PER_MIN) makes the server retain N MiB a
 * minute: the self-check that the verdict catches a leak; the line then says so.
 * UISTREAM_SOAK_SAMPLES=file writes every sample (with the stores' counters) as JSON lines.
 * Targets (bench/targets.ts): RSS and live-heap slopes, every request answered exactly once.
 */
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ServerProcess } from '../ws/process.js';
import { printLine } from '../lib/targets.js';
import { median, trialsOf } from '../lib/stats.js';
import type { Workload } from './client.js';
import { DEMO_STEP_MS, SOAK_CACHE } from './conditions.js';
import {
  growthMiBPerMin,
  robustGrowthMiBPerMin,
  windowGrowths,
  type RobustSlope,
  type Sample,
} from '../lib/slope.js';
import { startLoad } from './load.js';
import { sampleUntil, type Mem, type Sampled } from './sampler.js';

const MAX_CLIENTS = 1_000;
const MAX_SECONDS = 3_600;
const DEFAULT_SECONDS = 600;
const PACE_MS = 2_000;
const CHURN_MS = 15_000;
const MIB = 1024 * 1024;

interface Settings {
  seconds: number;
  clients: number;
  sampleMs: number;
  workload: Workload;
  leakMiBPerMin: number;
}

function settings(): Settings {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      minutes: { type: 'string' },
      clients: { type: 'string' },
      workload: { type: 'string' },
      'leak-mib-per-min': { type: 'string' },
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
  const leakMiBPerMin = Number(
    values['leak-mib-per-min'] ?? process.env.UISTREAM_SOAK_LEAK_MIB_PER_MIN ?? 0,
  );
  if (!(leakMiBPerMin >= 0 && leakMiBPerMin <= 100)) throw new Error('leak-mib-per-min: 0..100');
  // About 120 samples whatever the length (60 in the second half, which the slope is fitted
  // to), at most one every 2 s.
  const sampleMs = Math.max(2_000, Math.round((seconds * 1_000) / 120));
  return { seconds, clients, sampleMs, workload, leakMiBPerMin };
}

/**
 * With UISTREAM_SOAK_HEAP_DIR set, the server writes a heap snapshot at the first sample of the
 * second half and after the run: what grew between them is what the slope measures. Writing
 * one stops the server and raises its RSS: such a run finds what grows, not the figure.
 */
const HEAP_DIR = process.env.UISTREAM_SOAK_HEAP_DIR;

const round = (v: number | null, digits = 3): number | null =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

async function main(): Promise<void> {
  const { seconds, clients, sampleMs, workload, leakMiBPerMin } = settings();
  const bound = setTimeout(
    () => {
      process.stderr.write(`soak bench overran ${seconds + 120} s\n`);
      process.exit(1);
    },
    (seconds + 120) * 1_000,
  );
  const file = join(dirname(fileURLToPath(import.meta.url)), 'server.ts');
  // The server process inherits the environment: the injected leak reaches it this way.
  process.env.UISTREAM_SOAK_LEAK_MIB_PER_MIN = String(leakMiBPerMin);
  const { proc, ready } = await ServerProcess.start(file);
  try {
    const startedAt = Date.now();
    const load = startLoad({
      url: ready.url,
      token: ready.token,
      clients,
      seconds,
      workload,
      paceMs: PACE_MS,
      churnMs: CHURN_MS,
    });
    const stop = AbortSignal.timeout(seconds * 1_000);
    const sampled = await sampleUntil(proc, stop, {
      everyMs: sampleMs,
      startedAt,
      seconds,
      heapDir: HEAP_DIR,
      samplesFile: process.env.UISTREAM_SOAK_SAMPLES,
    });
    const { tally, roles, failedClients } = await load;
    printLine('soak', {
      workload,
      seconds,
      clients,
      roles,
      ...(leakMiBPerMin > 0 ? { injectedLeakMiBPerMin: leakMiBPerMin } : {}),
      paceMs: PACE_MS,
      churnMs: CHURN_MS,
      demoStepMs: DEMO_STEP_MS,
      storeBounds: SOAK_CACHE,
      ...memoryFigures(sampled),
      requests: {
        sent: tally.sent,
        answered: tally.answered,
        duplicates: tally.duplicates,
        unanswered: tally.sent - tally.answered,
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

const counters = (m: Mem) => ({
  cache: m.cache,
  ws: m.ws,
  eventLogBytes: m.eventLogBytes,
  tombstones: m.tombstones,
});

/**
 * Where the last report's RSS was: anonymous pages against mapped files (Linux), V8's heap,
 * buffers outside it, and V8's own mallocs.
 */
const lastMiB = (m: Mem) => ({
  ...Object.fromEntries(
    (['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers', 'mallocedMemory'] as const).map(
      (k) => [k, round(m[k] / MIB, 1)],
    ),
  ),
  ...(m.rssKinds === null
    ? {}
    : { rssAnon: round(m.rssKinds.anon / MIB, 1), rssFile: round(m.rssKinds.file / MIB, 1) }),
});

const rounded = (fit: RobustSlope | null) =>
  fit === null
    ? null
    : { slope: round(fit.slope), low: round(fit.low), high: round(fit.high), samples: fit.samples };

/**
 * Growth over the second half (Theil-Sen, with its interval; the least-squares slopes of three
 * windows beside it) and what the last report held.
 */
function memoryFigures({ rss, live, last, mid, missed, readMs }: Sampled) {
  const windows = (samples: Sample[]) => {
    const growths = windowGrowths(samples);
    return growths.length === 0 ? null : trialsOf(growths);
  };
  const rssFit = rounded(robustGrowthMiBPerMin(rss));
  const liveFit = rounded(robustGrowthMiBPerMin(live));
  return {
    samples: rss.length,
    missedSamples: missed,
    memReadMs: { median: round(median(readMs), 0), max: round(Math.max(0, ...readMs), 0) },
    rssMiB: {
      first: round((rss[0]?.bytes ?? NaN) / MIB, 1),
      last: round((last?.rss ?? NaN) / MIB, 1),
    },
    lastMiB: last === undefined ? null : lastMiB(last),
    rssSlopeMiBPerMin: rssFit?.slope ?? null,
    rssFit,
    rssWindows: windows(rss),
    rssHalfSlopeMiBPerMin: round(growthMiBPerMin(rss)),
    liveSlopeMiBPerMin: liveFit?.slope ?? null,
    liveFit,
    liveWindows: windows(live),
    // The stores' counters at the middle and the end: a store that grows is where memory goes.
    countersAtMid: mid === undefined ? null : counters(mid),
    countersAtEnd: last === undefined ? null : counters(last),
    eventLogBytes: last?.eventLogBytes ?? null,
    tombstones: last?.tombstones?.tombstones ?? null,
    tombstoneBytes: last?.tombstones?.tombstoneBytes ?? null,
    events: last?.seq ?? null,
    serverLoopDelayMs: last?.loopDelayMs ?? null,
  };
}

await main();
