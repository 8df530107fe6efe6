/**
 * The benchmark's server process (server.ts), started from the bench process and driven over
 * IPC: one command at a time, each answered with its result or its error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { now, type BenchClient } from './clients.js';
import type { Command } from './server.js';

/** How long a client waits for one event: past it the wait is counted late (see clients.ts). */
export const DEADLINE_MS = 30_000;
/**
 * How long a server command may take. A burst of 1,000 events to 100 clients took over 30 s
 * at a load average of 12; slow is a figure, only a server that stopped answering ends a phase.
 */
const COMMAND_DEADLINE_MS = 5 * 60_000;
/**
 * Fires timed: one VM stall delays all 100 deliveries of the fire it hits, so with 200 fires the
 * p99 was the second or third stalled fire; 2,000 make it a property of the path.
 */
export const FIRES = 2_000;
/**
 * Unmeasured fires first: on fresh connections the first few dozen fires still pay for
 * compiling the fan-out path in both processes (2.5-9 ms each, against under 1 ms after).
 */
const WARMUP_FIRES = 50;

export interface Ready {
  url: string;
  token: string;
  bareUrl: string;
}

export class ServerProcess {
  private seq = 0;
  private readonly pending = new Map<number, (m: { result?: unknown; error?: string }) => void>();
  private readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (raw) => {
      const m = raw as { seq?: number; result?: unknown; error?: string };
      if (m.seq === undefined) return;
      this.pending.get(m.seq)?.(m);
      this.pending.delete(m.seq);
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Start `file` (this folder's server.ts unless another bench brings its own server). */
  static start(
    file = join(dirname(fileURLToPath(import.meta.url)), 'server.ts'),
  ): Promise<{ proc: ServerProcess; ready: Ready }> {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', file], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const proc = new ServerProcess(child);
    const kill = (): void => {
      child.kill();
    };
    process.once('exit', kill);
    void proc.exited.then(() => process.off('exit', kill));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start')), DEADLINE_MS);
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
      child.on('message', (m) => {
        const ready = (m as { ready?: Ready }).ready;
        if (ready === undefined) return;
        clearTimeout(timer);
        resolve({ proc, ready });
      });
    });
  }

  /** The command's result; rejects when none comes within `deadlineMs` (a late one is dropped). */
  run<T>(body: Command, deadlineMs = COMMAND_DEADLINE_MS): Promise<T> {
    const seq = this.seq++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        reject(new Error(`server command ${body.cmd} timed out`));
      }, deadlineMs);
      this.pending.set(seq, (m) => {
        clearTimeout(timer);
        if (m.error === undefined) resolve(m.result as T);
        else reject(new Error(m.error));
      });
      this.child.send({ seq, body });
    });
  }

  /** Stop the server cleanly, or kill it when it does not stop within the deadline. */
  async stop(): Promise<void> {
    await this.run({ cmd: 'stop' }, DEADLINE_MS).catch(() => this.child.kill());
    const timer = setTimeout(() => this.child.kill('SIGKILL'), DEADLINE_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

interface Fire {
  t0: number;
  seqBefore: number;
  loggedAt: number;
  sentAt: number;
}

/**
 * Fire single events one at a time: each client's delivery latency per event, the part spent
 * before the event log published it (sim backend + cache), and the part the server took to hand
 * the frame to every socket (the rest is the kernel and the clients' own event loop).
 */
export async function fanoutLatency(
  server: ServerProcess,
  clients: BenchClient[],
  fires: number = FIRES,
) {
  const delivery: number[] = [];
  const toLog: number[] = [];
  const toSent: number[] = [];
  const wsLayer: number[] = [];
  for (let i = -WARMUP_FIRES; i < fires; i++) {
    const { t0, seqBefore, loggedAt, sentAt } = await server.run<Fire>({ cmd: 'fire', id: i });
    const arrivals = await Promise.all(clients.map((c) => c.arrivalOf(seqBefore + 1, DEADLINE_MS)));
    if (i < 0) continue;
    toLog.push(loggedAt - t0);
    toSent.push(sentAt - loggedAt);
    // A late delivery counts at the time the wait ended: at least the deadline.
    const ended = now();
    for (const at of arrivals) {
      delivery.push((at ?? ended) - t0);
      wsLayer.push((at ?? ended) - loggedAt);
    }
  }
  // In the order measured: consecutive fires make the trials of a percentile.
  return { delivery, toLog, toSent, wsLayer };
}
