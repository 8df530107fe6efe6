/**
 * The live MCP HTTP sessions. Clients often vanish without the DELETE that ends a session, so
 * the table is bounded (least recently used goes first) and a session idle for too long, with
 * no request or SSE stream open, is closed by a periodic sweep.
 */
import type { HttpSession } from './sdk.js';

interface Entry {
  session: HttpSession;
  lastSeen: number;
  /** Requests and SSE streams currently open on this session. */
  open: number;
}

export interface SessionLimits {
  maxSessions: number;
  idleMs: number;
}

export class SessionTable {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: SessionLimits,
    private readonly onEvict: (id: string) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  add(id: string, session: HttpSession): void {
    this.entries.set(id, { session, lastSeen: this.now(), open: 0 });
    if (this.entries.size <= this.limits.maxSessions) return;
    const oldest = this.entries.keys().next().value;
    if (oldest !== undefined) this.evict(oldest);
  }

  /** The session, marked as used, or undefined. */
  get(id: string): HttpSession | undefined {
    const e = this.entries.get(id);
    if (e === undefined) return undefined;
    this.entries.delete(id);
    this.entries.set(id, e);
    e.lastSeen = this.now();
    return e.session;
  }

  /** Count an open request or stream until `done` is called. */
  hold(id: string): () => void {
    const e = this.entries.get(id);
    if (e === undefined) return () => undefined;
    e.open += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      e.open -= 1;
      e.lastSeen = this.now();
    };
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  /** Close sessions idle past the limit with nothing open; answers how many. */
  sweep(): number {
    const cutoff = this.now() - this.limits.idleMs;
    const idle = [...this.entries].filter(([, e]) => e.open === 0 && e.lastSeen < cutoff);
    for (const [id] of idle) this.evict(id);
    return idle.length;
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values()].map((e) => e.session);
    this.entries.clear();
    await Promise.all(all.map((s) => s.close()));
  }

  private evict(id: string): void {
    const e = this.entries.get(id);
    this.entries.delete(id);
    this.onEvict(id);
    if (e !== undefined) void e.session.close().catch(() => undefined);
  }
}
