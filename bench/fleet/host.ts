/**
 * The fleet bench's node process: one or more sim nodes composed as `uistream serve` composes
 * them (createApp, the WebSocket server for the first node, startFleet when a NATS URL is
 * given), driven by the bench process over IPC. Its spec comes as argv[2] (JSON). Nodes live
 * in their own process so their CPU time is their own and the consumer's work stays apart.
 */
import { createApp, type App } from '../../src/app.js';
import { SimBackend, startDemo } from '../../src/backends/sim/index.js';
import { delay } from '../../src/backends/sim/wait.js';
import { loadConfig } from '../../src/config.js';
import { startFleet, type Fleet } from '../../src/fleet/index.js';
import { preciseNow } from '../../src/fleet/publisher.js';
import { startServer, type RunningServer } from '../../src/server/index.js';

export interface HostSpec {
  nodes: string[];
  /** Join this NATS server; null serves locally only (the no-bridge baseline). */
  natsUrl: string | null;
  /** Event ring per node (a flood must not outrun it while measuring throughput). */
  eventReplay: number;
  /** Its byte cap (the default when absent). */
  eventReplayBytes?: number;
  /** Serve the first node over WebSocket too (the direct-call baseline). */
  ws: boolean;
}

export type HostCommand =
  /** `phaseMs`: when each of the host's nodes starts its demo, in order (0 when absent). */
  | { cmd: 'demo'; on: boolean; phaseMs?: number[] }
  | { cmd: 'flood'; ms: number; perSecond?: number }
  | { cmd: 'stats' }
  /** The process's CPU so far, before and after a full GC, and its nodes' events. */
  | { cmd: 'cpu' }
  /** Join (and wait until the log is published) or leave the fleet, every node of the host. */
  | { cmd: 'bridge'; on: boolean }
  | { cmd: 'drain'; deadlineMs: number }
  | { cmd: 'clock' }
  | { cmd: 'stop' };

export interface HostStats {
  /** User + system CPU of this process since it started, ms. */
  cpuMs: number;
  /** Heap + external after a forced GC: what the process really holds. */
  liveBytes: number;
  rss: number;
  seq: number;
  published: number;
  /** Batches the stream acknowledged (one message each). */
  batches: number;
  lost: number;
  connected: boolean;
  at: number;
}

export interface HostReady {
  ws: { url: string; token: string } | null;
}

const TOKEN = 'fleet-bench-token-0123456789abcdef';
/** The stream's byte limit (the harness's server allows 512 MB of file store). */
const STREAM_BYTES = 256 * 1024 * 1024;

interface BenchNode {
  app: App;
  sim: SimBackend;
  fleet: Fleet | null;
}

async function startNode(name: string, spec: HostSpec): Promise<BenchNode> {
  const config = loadConfig({
    backend: 'sim',
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    // Calls are timed back to back: lift the per-caller rate limit (on both transports).
    ws: { requestsPerSecond: 1_000_000, maxInFlight: 1_000 },
    cache: { eventReplay: spec.eventReplay, eventReplayBytes: spec.eventReplayBytes },
    fleet: { url: spec.natsUrl ?? undefined, node: name, streamMaxBytes: STREAM_BYTES },
  });
  const app = await createApp(config);
  if (!(app.platform instanceof SimBackend)) throw new Error('the fleet bench needs the sim');
  const fleet = spec.natsUrl === null ? null : await startFleet(app, () => undefined);
  return { app, sim: app.platform, fleet };
}

/** Set the editor's text as fast as the node takes it (or paced), for `ms`. */
async function flood(node: BenchNode, ms: number, perSecond?: number): Promise<number> {
  const doc = node.sim.control.find('editor.text');
  if (doc === undefined) throw new Error('no editor document');
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < ms) {
    await node.sim.performPattern(
      doc,
      { pattern: 'Value', value: `flood ${n++}` },
      { signal: AbortSignal.timeout(5_000) },
    );
    if (perSecond !== undefined) {
      const due = start + (n * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  await node.sim.control.quiet();
  return n;
}

function stats(nodes: BenchNode[]): HostStats {
  const { afterGcMs, seq } = cpu(nodes);
  const mem = process.memoryUsage();
  const fleets = nodes.map((n) => n.fleet?.stats());
  return {
    cpuMs: afterGcMs,
    liveBytes: mem.heapUsed + mem.external,
    rss: mem.rss,
    seq,
    published: fleets.reduce((s, f) => s + (f?.published ?? 0), 0),
    batches: fleets.reduce((s, f) => s + (f?.batches ?? 0), 0),
    lost: fleets.reduce((s, f) => s + (f?.lost ?? 0), 0),
    connected: fleets.every((f) => f?.connected === true),
    at: preciseNow(),
  };
}

/**
 * The process's CPU so far, read before and after a full GC. A window from one reading's
 * `afterGcMs` to the next one's `beforeGcMs` starts with no garbage left by what ran before it
 * (whose collection would otherwise land in whichever window came next) and leaves the forced
 * collections themselves out.
 */
function cpu(nodes: BenchNode[]): { beforeGcMs: number; afterGcMs: number; seq: number } {
  const ms = (): number => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  const beforeGcMs = ms();
  (globalThis as { gc?: () => void }).gc?.();
  const afterGcMs = ms();
  const seq = nodes.reduce((s, n) => s + n.app.cache.events.seq, 0);
  return { beforeGcMs, afterGcMs, seq };
}

/** Every node joins (and has published what its log holds) or leaves the fleet. */
async function bridge(nodes: BenchNode[], on: boolean, spec: HostSpec): Promise<number | null> {
  if (spec.natsUrl === null) throw new Error('this host has no NATS server to join');
  for (const n of nodes) {
    if (on) {
      n.fleet ??= await startFleet(n.app, () => undefined);
    } else {
      await n.fleet?.stop();
      n.fleet = null;
    }
  }
  return on ? drain(nodes, 30_000) : preciseNow();
}

/** Until every node's stream cursor reached its log (or the deadline): the time it did. */
async function drain(nodes: BenchNode[], deadlineMs: number): Promise<number | null> {
  const until = Date.now() + deadlineMs;
  const behind = (): boolean =>
    nodes.some((n) => (n.fleet?.stats().published ?? 0) < n.app.cache.events.seq);
  while (behind()) {
    if (Date.now() > until) return null;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return preciseNow();
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as HostSpec;
  const nodes: BenchNode[] = [];
  for (const name of spec.nodes) nodes.push(await startNode(name, spec));
  const first = nodes[0] as BenchNode;
  const server: RunningServer | null = spec.ws ? await startServer(first.app) : null;
  let demo: AbortController | null = null;
  const demos: Promise<void>[] = [];

  const handle = async (m: HostCommand): Promise<unknown> => {
    switch (m.cmd) {
      case 'demo':
        demo?.abort();
        await Promise.all(demos.splice(0));
        demo = m.on ? new AbortController() : null;
        for (const [i, n] of (m.on ? nodes : []).entries()) {
          const signal = demo!.signal;
          const phase = m.phaseMs?.[i] ?? 0;
          demos.push(
            delay(phase, signal).then(
              () => startDemo(n.sim, signal),
              () => undefined,
            ),
          );
        }
        return {};
      case 'flood':
        return { generated: await Promise.all(nodes.map((n) => flood(n, m.ms, m.perSecond))) };
      case 'stats':
        return stats(nodes);
      case 'drain':
        return { doneAt: await drain(nodes, m.deadlineMs) };
      case 'cpu':
        return cpu(nodes);
      case 'bridge':
        return { doneAt: await bridge(nodes, m.on, spec) };
      case 'clock':
        return { now: preciseNow() };
      case 'stop':
        demo?.abort();
        await Promise.all(demos.splice(0));
        for (const n of nodes) await n.fleet?.stop();
        await server?.close();
        for (const n of nodes) await n.app.stop();
        setImmediate(() => process.exit(0));
        return {};
    }
  };

  process.on('message', (raw) => {
    const { seq, body } = raw as { seq: number; body: HostCommand };
    handle(body).then(
      (result) => process.send?.({ seq, result }),
      (err: unknown) => process.send?.({ seq, error: String(err) }),
    );
  });
  const ready: HostReady = { ws: server === null ? null : { url: server.url, token: TOKEN } };
  process.send?.({ ready });
}

void main();
