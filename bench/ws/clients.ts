/**
 * Benchmark clients: a raw JSON-RPC client for uistream (timestamps each notification on
 * arrival) and a bare frame counter for the `ws` baseline. Both live in the bench process;
 * the servers run in their own process.
 */
import WebSocket from 'ws';

/**
 * Milliseconds on the system's monotonic clock, shared by every process on the machine:
 * timestamps taken in the server process and in this one compare directly (each process's
 * `performance.timeOrigin` is its own estimate and can be off by a fraction of a millisecond).
 */
export const now = (): number => Number(process.hrtime.bigint()) / 1e6;

interface Arrival {
  maxSeq: number;
  at: number;
}

export class BenchClient {
  private nextId = 1;
  private readonly pending = new Map<number, (m: { result?: unknown; error?: unknown }) => void>();
  private waiters: { seq: number; resolve: (at: number) => void }[] = [];
  readonly arrivals: Arrival[] = [];
  maxSeq = 0;
  frames = 0;
  bytes = 0;
  /** `events.gap` notifications: what the server reported instead of delivering. */
  gaps = 0;
  /**
   * Events lost without a report: the log's seq is gapless and every subscription here takes
   * every event, so a notification starting past maxSeq + 1 with no `events.gap` lost some.
   */
  holes = 0;
  /** Waits for a seq that ended at their deadline (late or never delivered). */
  late = 0;
  /** The close code, when the server closed this connection. */
  closedWith: number | null = null;
  lastFrame = '';

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.onFrame(data.toString('utf8')));
    socket.on('close', (code: number) => (this.closedWith = code));
  }

  static open(url: string, token: string): Promise<BenchClient> {
    const socket = new WebSocket(url, ['uistream.v1.json'], {
      headers: { authorization: `Bearer ${token}` },
      perMessageDeflate: false,
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new BenchClient(socket)));
      socket.once('error', reject);
    });
  }

  private onFrame(text: string): void {
    const at = now();
    const msg = JSON.parse(text) as {
      id?: number;
      method?: string;
      result?: unknown;
      error?: unknown;
      params?: { events?: { seq: number }[]; to?: number };
    };
    if (msg.id !== undefined) {
      this.pending.get(msg.id)?.(msg);
      this.pending.delete(msg.id);
      return;
    }
    if (msg.method === 'events.gap') {
      // The server dropped from..to for this client: those will never arrive as events, and
      // a waiter for one of them ends here (the gap is counted, not taken for a delivery).
      this.gaps++;
      this.advance(msg.params?.to ?? 0, at);
      return;
    }
    if (msg.method !== 'events.event') return;
    this.frames++;
    this.bytes += text.length;
    this.lastFrame = text;
    const events = msg.params?.events ?? [];
    const first = events[0]?.seq;
    if (first !== undefined && this.maxSeq > 0 && first > this.maxSeq + 1) {
      this.holes += first - this.maxSeq - 1;
    }
    this.advance(events[events.length - 1]?.seq ?? 0, at);
  }

  private advance(seq: number, at: number): void {
    this.maxSeq = Math.max(this.maxSeq, seq);
    this.arrivals.push({ maxSeq: this.maxSeq, at });
    if (this.waiters.length === 0) return;
    const ready = this.waiters.filter((w) => w.seq <= this.maxSeq);
    this.waiters = this.waiters.filter((w) => w.seq > this.maxSeq);
    for (const w of ready) w.resolve(at);
  }

  call(method: string, params: unknown = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (m) =>
        m.error === undefined ? resolve(m.result) : reject(new Error(JSON.stringify(m.error))),
      );
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  /**
   * Arrival time of the first notification holding an event with seq >= `seq`, or null when
   * none came within `deadlineMs` (counted in `late`: a slow machine is a figure, not a crash).
   */
  arrivalOf(seq: number, deadlineMs: number): Promise<number | null> {
    const seen = this.firstArrivalFrom(seq);
    if (seen !== undefined) return Promise.resolve(seen.at);
    return new Promise((resolve) => {
      const waiter = {
        seq,
        resolve: (at: number) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        this.late++;
        resolve(null);
      }, deadlineMs);
      this.waiters.push(waiter);
    });
  }

  /** Arrivals are in order of maxSeq: a binary search keeps 100 clients x 2,000 fires cheap. */
  private firstArrivalFrom(seq: number): Arrival | undefined {
    let [lo, hi] = [0, this.arrivals.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.arrivals[mid] as Arrival).maxSeq >= seq) hi = mid;
      else lo = mid + 1;
    }
    return this.arrivals[lo];
  }

  /** Forget old arrivals so lookups stay cheap between phases. */
  reset(): void {
    this.arrivals.length = 0;
    this.frames = 0;
    this.bytes = 0;
  }

  /** Stop reading: the kernel buffers fill, then the server's send queue for this client. */
  pause(): void {
    (this.socket as unknown as { _socket: { pause(): void } })._socket.pause();
  }

  resume(): void {
    (this.socket as unknown as { _socket: { resume(): void } })._socket.resume();
  }

  close(): void {
    this.socket.terminate();
  }
}

/** Counts frames from the bare broadcast server; resolves when `n` have arrived. */
export class BareClient {
  frames = 0;
  late = 0;
  lastAt = 0;
  private target = Infinity;
  private done: (() => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      // Parse like a real consumer would, so both sides pay the same decode cost.
      JSON.parse(data.toString('utf8'));
      this.frames++;
      this.lastAt = now();
      if (this.frames >= this.target) this.done?.();
    });
  }

  static open(url: string): Promise<BareClient> {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new BareClient(socket)));
      socket.once('error', reject);
    });
  }

  reset(): void {
    this.frames = 0;
    this.target = Infinity;
  }

  /** When the n-th frame arrived; at the deadline, the last frame's time (counted in `late`). */
  until(n: number, deadlineMs: number): Promise<number> {
    if (this.frames >= n) return Promise.resolve(this.lastAt);
    this.target = n;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.done = null;
        this.late++;
        resolve(this.lastAt);
      }, deadlineMs);
      this.done = () => {
        clearTimeout(timer);
        this.done = null;
        resolve(this.lastAt);
      };
    });
  }

  close(): void {
    this.socket.terminate();
  }
}

export { percentile } from '../lib/stats.js';
