/**
 * The soak's memory sampler: the server's report after a forced GC, every few seconds until
 * the run stops. Under load a report can come late; each read has a deadline, a late one is a
 * missed sample (counted, never a failed run), and one read at a time keeps them bounded.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerProcess } from '../ws/process.js';
import type { Sample } from '../lib/slope.js';

/** What the soak's server reports (bench/soak/server.ts). */
export interface Mem {
  /** Date.now() when the server measured, after its GC. */
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** What V8 holds through malloc outside its heap. */
  mallocedMemory: number;
  /** Resident anonymous pages (heaps, malloc) and mapped files (code), on Linux. */
  rssKinds: { anon: number; file: number } | null;
  /** Committed bytes of each V8 heap space. */
  spaces: Record<string, number>;
  eventLogBytes: number | null;
  tombstones: { tombstones: number; tombstoneBytes: number } | null;
  seq: number;
  /** The cache's counters (elements, windows, fetches...). */
  cache: unknown;
  ws: { connections: number; queuedBytes: number };
  /** The server's event-loop delay since it started, in ms. */
  loopDelayMs: { p99: number; max: number };
}

export interface Sampled {
  rss: Sample[];
  live: Sample[];
  last: Mem | undefined;
  /** The first report of the second half. */
  mid: Mem | undefined;
  /** Reads with no report within their deadline. */
  missed: number;
  /** How long each answered read took, in ms. */
  readMs: number[];
}

/** A report later than this is a missed sample: the server was starved of CPU. */
const READ_DEADLINE_MS = 15_000;
/** Writing a heap snapshot of a loaded server takes a while. */
const SNAPSHOT_DEADLINE_MS = 120_000;

export interface SampleOptions {
  everyMs: number;
  startedAt: number;
  seconds: number;
  /** Heap snapshots go here at the first sample of the second half and after the run. */
  heapDir: string | undefined;
  /** Every report is appended here as a JSON line, when given. */
  samplesFile: string | undefined;
}

/** The server's report, writing a heap snapshot to `snapshot` first when given. */
const readMem = (server: ServerProcess, snapshot: string | undefined): Promise<Mem | undefined> =>
  server
    .run<Mem>(
      { cmd: 'mem', ...(snapshot === undefined ? {} : { snapshot }) },
      snapshot === undefined ? READ_DEADLINE_MS : SNAPSHOT_DEADLINE_MS,
    )
    .catch(() => undefined);

export async function sampleUntil(
  server: ServerProcess,
  stop: AbortSignal,
  { everyMs, startedAt, seconds, heapDir, samplesFile }: SampleOptions,
): Promise<Sampled> {
  const out: Sampled = {
    rss: [],
    live: [],
    last: undefined,
    mid: undefined,
    missed: 0,
    readMs: [],
  };
  let midTaken = false;
  while (!stop.aborted) {
    const mid: boolean =
      heapDir !== undefined && !midTaken && Date.now() - startedAt >= seconds * 500;
    midTaken ||= mid;
    const sentAt = Date.now();
    const mem = await readMem(server, mid ? join(heapDir ?? '', 'mid.heapsnapshot') : undefined);
    if (mem === undefined) {
      out.missed++;
    } else {
      out.readMs.push(Date.now() - sentAt);
      out.last = mem;
      if (out.mid === undefined && mem.at - startedAt >= seconds * 500) out.mid = mem;
      if (samplesFile !== undefined) appendFileSync(samplesFile, `${JSON.stringify(mem)}\n`);
      out.rss.push({ atMs: mem.at - startedAt, bytes: mem.rss });
      out.live.push({ atMs: mem.at - startedAt, bytes: mem.heapUsed + mem.external });
    }
    await sleep(everyMs, undefined, { signal: stop }).catch(() => undefined);
  }
  // After the run, not a sample: what the second half left behind.
  if (heapDir !== undefined) await readMem(server, join(heapDir, 'end.heapsnapshot'));
  return out;
}
