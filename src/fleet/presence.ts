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
  private lastSweep = 0;
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
      const serverNow = await this.beat();
      if (serverNow - this.lastSweep >= this.options.goneAfterMs / 2) {
        this.lastSweep = serverNow;
        await this.sweep(serverNow);
      }
    } catch {
      // NATS is away: the next heartbeat tries again.
    } finally {
      this.busy = false;
    }
  }

  /** Put this node's status; answers the server's time of that put. */
  async beat(): Promise<number> {
    const record: NodeStatus = {
      ...this.options.status(),
      state: 'up',
      heartbeatAt: new Date().toISOString(),
    };
    await this.kv.put(this.options.node, encoder.encode(JSON.stringify(record)));
    const mine = await this.kv.get(this.options.node);
    return mine?.created.getTime() ?? Date.now();
  }

  private async sweep(serverNow: number): Promise<void> {
    const keys: string[] = [];
    for await (const key of await this.kv.keys()) keys.push(key);
    for (const key of keys) {
      if (key === this.options.node) continue;
      const entry = await this.kv.get(key);
      const status = statusOf(entry);
      if (entry === null || status === null || status.state !== 'up') continue;
      if (serverNow - entry.created.getTime() <= this.options.goneAfterMs) continue;
      const gone: NodeStatus = { ...status, state: 'gone', goneReason: 'stale' };
      try {
        await this.kv.update(key, encoder.encode(JSON.stringify(gone)), entry.revision);
        this.marked.push(key);
      } catch {
        // Someone else marked it, or it came back: either way not ours to write.
      }
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
