/**
 * The typed uistream client: `call` typed from the method registry, `events()` and `tree()` as
 * RxJS Observables, and automatic reconnect that resumes event streams with `since` and
 * re-subscribes tree mirrors.
 */
import { BehaviorSubject, Observable } from 'rxjs';
import type {
  ElementNode,
  ErrorCode,
  MethodInput,
  MethodName,
  MethodResult,
  TreeNode,
  UiEvent,
} from '../../protocol/src/index.js';
import type { ConnectionOptions } from './connection.js';
import { Connection } from './connection.js';
import { UistreamError, connectionLost } from './errors.js';
import type { EventFilterInput } from './event-stream.js';
import { EventStream } from './event-stream.js';
import { TreeStream } from './tree-stream.js';

export interface ReconnectOptions {
  /** Attempts before giving up (then streams error and calls fail). Default 20. */
  retries?: number;
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface ClientOptions extends ConnectionOptions {
  /** false turns reconnecting off. */
  reconnect?: boolean | ReconnectOptions;
}

export type ClientState = 'open' | 'reconnecting' | 'closed';

/** What streams need from the client: calls and notification routing. */
export interface StreamHost {
  /** Counters a stream bumps (for observability and tests). */
  readonly stats: ClientStats;
  request(method: string, params: unknown, onResult?: (result: unknown) => void): Promise<unknown>;
  route(subscription: string, handler: ((method: string, params: unknown) => void) | null): void;
}

export interface ClientStats {
  /** Gaps reported by the server and filled from its replay log. */
  gapsFilled: number;
  /** Successful reconnects. */
  reconnects: number;
  /** Tree mirrors rebuilt after tree.resync. */
  resyncs: number;
}

/** A live mirror of a subtree, emitted after the first copy and after every patch. */
export interface MirroredTree {
  revision: number;
  tree: TreeNode | null;
  /** The same nodes in pre-order (as tree.subscribe lists them). */
  nodes: ElementNode[];
  /**
   * Set on the last value only, when what was mirrored is gone (its window closed, its root
   * element removed): the tree is then null and the Observable completes right after.
   */
  ended?: MirrorEnd;
}

/** Why a mirror ended while the connection is fine. */
export interface MirrorEnd {
  reason: 'window_closed' | 'element_removed';
  /** The server's error code when the mirror was asked for again (window_not_found...). */
  code: ErrorCode;
  message: string;
}

export interface Resumable {
  resume(): Promise<void>;
  fail(error: UistreamError): void;
  /** The client was closed on purpose: complete the stream. */
  end(): void;
}

export class UistreamClient implements StreamHost {
  private conn: Connection | null = null;
  private readonly routes = new Map<string, (method: string, params: unknown) => void>();
  private readonly streams = new Set<Resumable>();
  private closing = false;
  readonly stats: ClientStats = { gapsFilled: 0, reconnects: 0, resyncs: 0 };
  readonly state$ = new BehaviorSubject<ClientState>('reconnecting');

  private constructor(
    private readonly url: string,
    private readonly options: ClientOptions,
  ) {}

  static async connect(url: string, options: ClientOptions = {}): Promise<UistreamClient> {
    const client = new UistreamClient(url, options);
    client.conn = await client.open();
    client.state$.next('open');
    return client;
  }

  private open(): Promise<Connection> {
    return Connection.open(
      this.url,
      this.options,
      (method, params) => this.onNotification(method, params),
      (reason) => this.onClose(reason),
    );
  }

  /**
   * Call a method; params and result are typed from the registry. `signal` abandons the wait
   * (rejecting with `cancelled`); to stop a running action on the server, call actions.cancel.
   */
  async call<M extends MethodName>(
    method: M,
    params?: MethodInput<M>,
    options: { signal?: AbortSignal } = {},
  ): Promise<MethodResult<M>> {
    const answer = this.request(method, params ?? {});
    const { signal } = options;
    if (signal === undefined) return (await answer) as MethodResult<M>;
    return (await abortable(answer, signal)) as MethodResult<M>;
  }

  request(method: string, params: unknown, onResult?: (result: unknown) => void): Promise<unknown> {
    if (this.conn === null || !this.conn.isOpen) {
      return Promise.reject(connectionLost(this.closing ? 'client closed' : 'reconnecting'));
    }
    return this.conn.request(method, params, onResult);
  }

  route(subscription: string, handler: ((method: string, params: unknown) => void) | null): void {
    if (handler === null) this.routes.delete(subscription);
    else this.routes.set(subscription, handler);
  }

  /** UI events matching the filter, gapless: gaps are filled from the server's replay log. */
  events(filter: EventFilterInput = {}): Observable<UiEvent> {
    return new Observable<UiEvent>((subscriber) => {
      const stream = new EventStream(this, filter, subscriber);
      this.streams.add(stream);
      void stream.start();
      return () => {
        this.streams.delete(stream);
        stream.stop();
      };
    });
  }

  /** A mirrored subtree (a window by default selector, or the desktop). */
  tree(target: MethodInput<'tree.subscribe'> = {}): Observable<MirroredTree> {
    return new Observable<MirroredTree>((subscriber) => {
      const stream = new TreeStream(this, target, subscriber);
      this.streams.add(stream);
      void stream.start();
      return () => {
        this.streams.delete(stream);
        stream.stop();
      };
    });
  }

  private onNotification(method: string, params: unknown): void {
    const sub = (params as { subscription?: unknown } | null)?.subscription;
    if (typeof sub !== 'string') return;
    this.routes.get(sub)?.(method, params);
  }

  private onClose(reason: string): void {
    this.routes.clear();
    if (this.closing || this.options.reconnect === false) {
      this.finish(this.closing ? null : connectionLost(reason));
      return;
    }
    this.state$.next('reconnecting');
    void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    const opts = typeof this.options.reconnect === 'object' ? this.options.reconnect : {};
    const retries = opts.retries ?? 20;
    let delay = opts.minDelayMs ?? 50;
    for (let attempt = 0; attempt < retries && !this.closing; attempt++) {
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, opts.maxDelayMs ?? 2_000);
      try {
        this.conn = await this.open();
      } catch (err) {
        if (err instanceof UistreamError && err.code === 'unauthorized') break;
        continue;
      }
      this.stats.reconnects++;
      this.state$.next('open');
      for (const stream of this.streams) void stream.resume();
      return;
    }
    this.finish(connectionLost('could not reconnect'));
  }

  /** End every stream: completed after close(), errored when the connection is gone for good. */
  private finish(error: UistreamError | null): void {
    for (const stream of this.streams) {
      if (error === null) stream.end();
      else stream.fail(error);
    }
    this.streams.clear();
    this.state$.next('closed');
    this.state$.complete();
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.conn?.close();
  }

  /** Cut the socket without a close handshake (to exercise reconnect in tests). */
  dropConnection(): void {
    this.conn?.terminate();
  }
}

/** Race a promise against a signal; the loser's outcome is ignored. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const cancelled = (): UistreamError =>
    new UistreamError('cancelled', 'the call was abandoned by its caller');
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(cancelled());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new UistreamError('internal', String(err)));
      },
    );
  });
}

/** Connect to a uistream server. */
export function connect(url: string, options: ClientOptions = {}): Promise<UistreamClient> {
  return UistreamClient.connect(url, options);
}
