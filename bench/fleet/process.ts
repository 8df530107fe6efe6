/**
 * A node process of the fleet bench (host.ts) seen from the bench process: started with its
 * spec, driven one IPC command at a time, each answered or failed within a deadline.
 */
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nextMessage, spawnChild } from './child.js';
import { type ClockOffset, clockOffset } from './clock.js';
import type { HostCommand, HostReady, HostSpec, HostStats } from './host.js';

const HOST = join(dirname(fileURLToPath(import.meta.url)), 'host.ts');
const DEADLINE_MS = 60_000;
/** A directory to write each node process's CPU profile to (where its time goes). */
const PROFILE_DIR = process.env.FLEET_BENCH_CPU_PROF;

export class HostProcess {
  private seq = 0;
  private readonly pending = new Map<number, (m: { result?: unknown; error?: string }) => void>();
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly ready: HostReady,
    /** The nodes it runs, in order. */
    readonly nodes: readonly string[],
  ) {
    child.on('message', (raw) => {
      const m = raw as { seq?: number; result?: unknown; error?: string };
      if (m.seq === undefined) return;
      this.pending.get(m.seq)?.(m);
      this.pending.delete(m.seq);
    });
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }

  static async start(spec: HostSpec): Promise<HostProcess> {
    const flags = [
      '--expose-gc',
      ...(PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`]),
    ];
    const child = spawnChild(HOST, [JSON.stringify(spec)], flags);
    try {
      const m = await nextMessage(child, (m) => m.ready !== undefined, DEADLINE_MS, 'node process');
      return new HostProcess(child, m.ready as HostReady, spec.nodes);
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
  }

  run<T>(body: HostCommand, deadlineMs = DEADLINE_MS): Promise<T> {
    const seq = this.seq++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`node command ${body.cmd} timed out`)),
        deadlineMs,
      );
      this.pending.set(seq, (m) => {
        clearTimeout(timer);
        if (m.error === undefined) resolve(m.result as T);
        else reject(new Error(m.error));
      });
      this.child.send({ seq, body });
    });
  }

  stats(): Promise<HostStats> {
    return this.run<HostStats>({ cmd: 'stats' });
  }

  /** The node process's clock against ours (see clock.ts). */
  clockOffset(rounds = 50): Promise<ClockOffset> {
    return clockOffset(async () => (await this.run<{ now: number }>({ cmd: 'clock' })).now, rounds);
  }

  /** Stop cleanly, or kill when that does not happen within the deadline. */
  async stop(): Promise<void> {
    await this.run({ cmd: 'stop' }).catch(() => this.child.kill('SIGKILL'));
    const timer = setTimeout(() => this.child.kill('SIGKILL'), DEADLINE_MS);
    await this.exited;
    clearTimeout(timer);
  }
}
