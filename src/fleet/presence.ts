/**
 * Presence in the fleet bucket: the node puts its status under its own key every heartbeat,
 * and sweeps the other keys now and then, marking a node whose last heartbeat is older than
 * `goneAfterMs` as gone (a compare-and-set on the revision it read, so of several sweepers one
 * wins and a node that just came back is not overwritten). Ages are measured against the
 * server's own timestamps (the entry of this node's latest put), never against local clocks.
 */
import type { KV, KvEntry } from '@nats-io/kv';
import type { NodeStatus } from '../../protocol/src/index.js';
import { NodeStatus as NodeStatusSchema } from '../../protocol/src/index.js';

const encoder = new TextEncoder();

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
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private lastSweep = -Infinity;
  /** Revision of each peer's entry last found not up: not parsed again until it changes. */
  private readonly settled = new Map<string, number>();
  /** Peers this node marked gone (for logs and tests). */
  marked: string[] = [];

  constructor(
    private readonly kv: KV,
    private readonly options: PresenceOptions,
  ) {}

  /** Resolves after the first heartbeat, so a joined node is listed at once. */
  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.heartbeatMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.beat();
      // Local time only paces the sweeps; ages are the server's timestamps.
      const now = Date.now();
      if (now - this.lastSweep >= this.options.goneAfterMs / 2) {
        this.lastSweep = now;
        await this.sweep();
      }
    } catch {
      // NATS is away: the next heartbeat tries again.
    } finally {
      this.busy = false;
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

  /**
   * Every key's latest entry in one pass of one consumer (was: a consumer listing the keys,
   * then one read per key). "Now" is the server's time of this node's own latest heartbeat.
   */
  private async sweep(): Promise<void> {
    const latest = new Map<string, KvEntry>();
    for await (const entry of await this.kv.history()) latest.set(entry.key, entry);
    const serverNow = latest.get(this.options.node)?.created.getTime() ?? Date.now();
    for (const [key, entry] of latest) {
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

  /** Leave cleanly: stop beating and say so. */
  async leave(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    const record: NodeStatus = {
      ...this.options.status(),
      state: 'gone',
      goneReason: 'stopped',
      heartbeatAt: new Date().toISOString(),
    };
    await this.kv.put(this.options.node, encoder.encode(JSON.stringify(record)));
  }
}
