/**
 * One connected provider: checks every message it sends (hello first, then snapshots, deltas
 * and results, each against its schema and the sequence), keeps its tree, asks for a snapshot
 * on a gap, and runs the server's requests with deadlines. A provider is untrusted: a bad
 * message closes it with a typed reason and touches nothing else.
 */
import type { WebSocket } from 'ws';
import {
  PROVIDER_CLOSE,
  ProviderHello,
  checkProviderMessage,
  type ProviderAction,
  type ProviderResult,
  type ProviderSnapshotPart,
  type ServerToProvider,
} from '../../../protocol/src/index.js';
import {
  ActionFailedError,
  AppNotRespondingError,
  ElementStaleError,
  NotSupportedError,
  PatternNotSupportedError,
  TimeoutError,
  type UiError,
} from '../../errors.js';
import {
  applyDelta,
  applySnapshot,
  EMPTY_TREE,
  type ProviderChange,
  type ProviderTreeState,
} from './providerTree.js';
import { addPart, type SnapshotParts } from './snapshotParts.js';

export interface SessionListener {
  /** The tree changed (the first snapshot included). */
  changed(session: ProviderSession, changes: ProviderChange[]): void;
  /** The connection ended, for whatever reason. */
  closed(session: ProviderSession): void;
}

export interface SessionLimits {
  /** Messages a provider may send in one second before its socket is paused (backpressure). */
  messagesPerSecond: number;
}

interface Pending {
  resolve: (result: { via?: 'pattern' | 'input' }) => void;
  reject: (err: UiError) => void;
  timer: NodeJS.Timeout;
}

export class ProviderSession {
  hello: ProviderHello | null = null;
  tree: ProviderTreeState = EMPTY_TREE;
  /** Set once a request missed its deadline; cleared by the next message from the provider. */
  unresponsive = false;
  /** When the server asked for the tree (performance.now()); null before the hello. */
  subscribedAt: number | null = null;
  private readonly pending = new Map<number, Pending>();
  /** The parts of a snapshot under way, until the snapshot that ends them. */
  private parts: SnapshotParts | null = null;
  private nextRequest = 1;
  private windowStart = Date.now();
  private inWindow = 0;
  private ended = false;

  constructor(
    readonly id: string,
    private readonly socket: WebSocket,
    private readonly listener: SessionListener,
    private readonly limits: SessionLimits,
  ) {
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.once('close', () => this.end());
    socket.on('error', () => socket.terminate());
    this.send({ type: 'welcome', session: id });
  }

  /** Ask the provider to do something; settles with its result or the deadline's error. */
  request(action: ProviderAction, deadlineMs: number): Promise<{ via?: 'pattern' | 'input' }> {
    if (this.ended) return Promise.reject(new ElementStaleError('the provider app disconnected'));
    const requestId = this.nextRequest++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        this.unresponsive = true;
        reject(
          new TimeoutError(`the app did not answer ${action.kind} within ${deadlineMs} ms`, {
            details: { waitingFor: `${action.kind} by ${this.hello?.app ?? 'provider'}` },
          }),
        );
      }, deadlineMs);
      this.pending.set(requestId, { resolve, reject, timer });
      this.send({ type: 'request', requestId, deadlineMs, action });
    });
  }

  /**
   * The round trip of a WebSocket ping on this connection, in ms: the transport's own floor,
   * answered by the app's WebSocket stack without any of its UI work.
   */
  roundTrip(deadlineMs: number): Promise<number> {
    if (this.ended) return Promise.reject(new ElementStaleError('the provider app disconnected'));
    return new Promise((resolve, reject) => {
      const start = performance.now();
      const onPong = (): void => {
        clearTimeout(timer);
        resolve(performance.now() - start);
      };
      const timer = setTimeout(() => {
        this.socket.off('pong', onPong);
        reject(new TimeoutError(`no pong within ${deadlineMs} ms`));
      }, deadlineMs);
      this.socket.once('pong', onPong);
      this.socket.ping();
    });
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(code, reason.slice(0, 120));
    else this.socket.terminate();
    this.end();
  }

  private onMessage(data: unknown, isBinary: boolean): void {
    if (this.ended) return;
    this.throttle();
    this.unresponsive = false;
    if (isBinary) return this.close(PROVIDER_CLOSE.badMessage, 'binary frames are not accepted');
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return this.close(PROVIDER_CLOSE.badMessage, 'a message is not JSON');
    }
    if (this.hello === null) return this.onHello(json);
    const checked = checkProviderMessage(json);
    if (!checked.ok)
      return this.close(PROVIDER_CLOSE.badMessage, `bad message: ${checked.problem}`);
    const message = checked.value;
    if (message.type === 'result') return this.onResult(message);
    if (message.type === 'snapshotPart') return this.onPart(message);
    if (message.type === 'delta' && this.parts !== null) {
      return this.close(PROVIDER_CLOSE.badMessage, 'a delta came inside a snapshot');
    }
    const parts = this.parts;
    this.parts = null;
    const outcome =
      message.type === 'snapshot'
        ? applySnapshot(this.tree, message, parts)
        : applyDelta(this.tree, message);
    if (outcome.ok) {
      this.tree = outcome.state;
      this.listener.changed(this, outcome.changes);
    } else if (outcome.gap) {
      this.send({ type: 'resync', reason: `expected delta ${outcome.expected}` });
    } else {
      this.close(PROVIDER_CLOSE.badMessage, outcome.reason);
    }
  }

  private onPart(part: ProviderSnapshotPart): void {
    const added = addPart(this.parts, part);
    if (!added.ok) return this.close(PROVIDER_CLOSE.badMessage, added.reason);
    this.parts = added.parts;
    // Windows held already are re-read once the snapshot is whole; only new ones are staged.
    const staged: ProviderChange[] = [];
    for (const [id, nodes] of added.byWindow) {
      if (!this.tree.windows.includes(id))
        staged.push({ kind: 'staged', id, nodes, parts: added.parts });
    }
    if (staged.length > 0) this.listener.changed(this, staged);
  }

  private onHello(json: unknown): void {
    const parsed = ProviderHello.safeParse(json);
    if (!parsed.success)
      return this.close(PROVIDER_CLOSE.badMessage, 'the first message must be a hello');
    this.hello = parsed.data;
    this.subscribedAt = performance.now();
    this.send({ type: 'subscribe' });
  }

  private onResult(result: ProviderResult): void {
    const pending = this.pending.get(result.requestId);
    if (pending === undefined) return; // late, after its deadline: already answered
    this.pending.delete(result.requestId);
    clearTimeout(pending.timer);
    if (result.ok) pending.resolve(result.via === undefined ? {} : { via: result.via });
    else pending.reject(errorOf(result.error.code, result.error.message));
  }

  /** Past the per-second budget, stop reading the socket until the second is over. */
  private throttle(): void {
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.inWindow = 0;
    }
    if (++this.inWindow <= this.limits.messagesPerSecond) return;
    this.socket.pause();
    setTimeout(() => this.socket.resume(), 1000 - (now - this.windowStart)).unref();
  }

  private send(message: ServerToProvider): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new AppNotRespondingError('the provider app disconnected during the call'));
    }
    this.pending.clear();
    this.listener.closed(this);
  }
}

function errorOf(code: string, message: string): UiError {
  switch (code) {
    case 'element_stale':
      return new ElementStaleError(message);
    case 'not_supported':
      return new NotSupportedError(message);
    case 'pattern_not_supported':
      return new PatternNotSupportedError(message);
    case 'timeout':
      return new TimeoutError(message);
    default:
      return new ActionFailedError(message);
  }
}
