/**
 * Presence in the fleet bucket: the node puts its status under its own key every heartbeat,
 * keeps every key's latest entry from one long-lived watch of the bucket, and sweeps that map
 * now and then, marking a node whose last heartbeat is older than `goneAfterMs` as gone (a
 * compare-and-set on the revision seen, so of several sweepers one wins and a node that just
 * came back is not overwritten). Ages are measured against the server's own timestamps (the
 * entry of this node's latest put), never against local clocks.
 *
 * Heartbeats and sweeps run on separate timers, and a sweep makes no NATS call unless it marks
 * a peer: a sweep that read the bucket through a fresh consumer each time (`kv.history()`) hung
 * for good on nats-server 2.9 once peers kept writing (its pending count stayed one above zero,
 * and the idle heartbeat that ends such a read never came), and with it the node's own
 * heartbeats stopped, so its peers marked a live node gone.
 */
import type { KV, KvEntry } from '@nats-io/kv';
import type { NodeStatus } from '../../protocol/src/index.js';
import { NodeStatus as NodeStatusSchema } from '../../protocol/src/index.js';

const encoder = new TextEncoder();

type Watch = Awaited<ReturnType<KV['watch']>>;

/** The status record of an entry, or null when the value is not one. */
export function statusOf(entry: KvEntry | null): NodeStatus | null {
  if (entry === null || entry.operation !== 'PUT') return null;
  try {
    const parsed = NodeStatusSchema.safeParse(entry.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface PresenceOptions {
  node: string;
  heartbeatMs: number;
  goneAfterMs: number;
  status: () => Omit<NodeStatus, 'state' | 'heartbeatAt'>;
}

export class Presence {
  private readonly timers: NodeJS.Timeout[] = [];
  private beating = false;
  private sweeping = false;
  private left = false;
  /** Every key's latest entry, as the watch delivered it. */
  private readonly latest = new Map<string, KvEntry>();
  private watcher: Watch | null = null;
  /** Local time this node's own put last came back through the watch (stall detection only). */
  private ownSeenAt = Date.now();
  /** Revision of each peer's entry last found not up: not parsed again until it changes. */
  private readonly settled = new Map<string, number>();
  /** Peers this node marked gone (for logs and tests). */
  marked: string[] = [];

  constructor(
    private readonly kv: KV,
    private readonly options: PresenceOptions,
  ) {}

  /**
   * Resolves after the first heartbeat, so a joined node is listed at once. Never throws: a
   * beat that failed is tried again at the next one, a watch that failed at the next sweep.
   */
  async start(): Promise<void> {
    await this.tickBeat();
    await this.openWatch().catch(() => undefined);
    this.every(this.options.heartbeatMs, () => this.tickBeat());
    this.every(this.options.goneAfterMs / 2, () => this.tickSweep());
  }

  private every(ms: number, run: () => Promise<void>): void {
    const timer = setInterval(() => void run(), ms);
    timer.unref();
    this.timers.push(timer);
  }

  private async tickBeat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      await this.beat();
    } catch {
      // NATS is away: the next heartbeat tries again.
    } finally {
      this.beating = false;
    }
  }

  private async tickSweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      // A watch that stopped delivering (even this node's own puts) is opened afresh.
      if (Date.now() - this.ownSeenAt > this.options.goneAfterMs) await this.openWatch();
      await this.sweep();
    } catch {
      // NATS is away: the next sweep tries again.
    } finally {
      this.sweeping = false;
    }
  }

  /** Put this node's status (one publish: no read back, which doubled a heartbeat's cost). */
  async beat(): Promise<void> {
    const record: NodeStatus = {
      ...this.options.status(),
      state: 'up',
      heartbeatAt: new Date().toISOString(),
    };
    await this.kv.put(this.options.node, encoder.encode(JSON.stringify(record)));
  }

  /** Latest values first, then every update, for as long as the node is in the fleet. */
  private async openWatch(): Promise<void> {
    this.watcher?.stop();
    this.ownSeenAt = Date.now();
    const watcher = await this.kv.watch({ key: '>' });
    // Left while the watch was being opened: nothing is to keep it open.
    if (this.left) return void watcher.stop();
    this.watcher = watcher;
    void (async () => {
      for await (const entry of watcher) this.remember(entry);
    })().catch(() => undefined);
  }

  private remember(entry: KvEntry): void {
    const known = this.latest.get(entry.key);
    if (known !== undefined && known.revision >= entry.revision) return;
    this.latest.set(entry.key, entry);
    if (entry.key === this.options.node) this.ownSeenAt = Date.now();
  }

  /** "Now" is the server's time of this node's own latest heartbeat seen by the watch. */
  private async sweep(): Promise<void> {
    const own = this.latest.get(this.options.node);
    if (own === undefined) return;
    const serverNow = own.created.getTime();
    for (const [key, entry] of this.latest) {
      if (key === this.options.node) continue;
      if (serverNow - entry.created.getTime() <= this.options.goneAfterMs) continue;
      if (this.settled.get(key) === entry.revision) continue;
      const status = statusOf(entry);
      if (status === null || status.state !== 'up') {
        this.settled.set(key, entry.revision);
        continue;
      }
      await this.markGone(key, status, entry.revision);
    }
  }

  /** A compare-and-set on the revision read: of several sweepers one wins. */
  private async markGone(key: string, status: NodeStatus, revision: number): Promise<void> {
    const gone: NodeStatus = { ...status, state: 'gone', goneReason: 'stale' };
    try {
      await this.kv.update(key, encoder.encode(JSON.stringify(gone)), revision);
      this.marked.push(key);
    } catch {
      // Someone else marked it, or it came back: either way not ours to write.
    }
  }

  /** Leave cleanly: stop beating and watching, and say so. */
  async leave(): Promise<void> {
    this.left = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    this.watcher?.stop();
    this.watcher = null;
    const record: NodeStatus = {
      ...this.options.status(),
      state: 'gone',
      goneReason: 'stopped',
      heartbeatAt: new Date().toISOString(),
    };
    await this.kv.put(this.options.node, encoder.encode(JSON.stringify(record)));
  }
}
