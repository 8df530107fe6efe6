/**
 * The backend's one live connection to the accessibility bus: each call gets it with the call's
 * signal joined to the backend's lifetime. When the bus goes away it reports `degraded`,
 * reconnects with backoff, then emits `reset` (every id may be invalid) and `ok`.
 */
import { setMaxListeners } from 'node:events';
import type { BackendEvent } from '../backend.js';
import { BackendUnavailableError, throwIfAborted } from '../../errors.js';
import type { AtspiBus } from './atspiBus.js';
import { reconnect, type Connection } from './atspiConnection.js';

export interface LiveConnectionHooks {
  open: (signal: AbortSignal) => Promise<Connection>;
  emit: (events: readonly BackendEvent[]) => void;
  /** The bus was lost: forget what was learned through it. */
  forget: () => void;
}

export class LiveConnection {
  private readonly lifetimeController = new AbortController();
  /** Aborted when the backend stops. */
  readonly lifetime: AbortSignal = this.lifetimeController.signal;
  private conn: Connection | undefined;
  private isStopped = false;

  constructor(private readonly hooks: LiveConnectionHooks) {
    setMaxListeners(0, this.lifetime);
  }

  get current(): Connection | undefined {
    return this.conn;
  }

  get stopped(): boolean {
    return this.isStopped;
  }

  async open(signal: AbortSignal): Promise<void> {
    this.conn = await this.hooks.open(signal);
  }

  /** Abort every call in flight and close the bus. */
  stop(): void {
    this.isStopped = true;
    this.lifetimeController.abort(new BackendUnavailableError('the backend was stopped'));
    this.conn?.subscription.unsubscribe();
    this.conn?.guard.stop();
    this.conn?.bus.disconnect();
    this.conn = undefined;
  }

  /** The connection, or backend_unavailable while stopped or not connected. */
  usable(signal: AbortSignal): Connection {
    if (this.isStopped) throw new BackendUnavailableError('the atspi backend is stopped');
    throwIfAborted(signal);
    if (this.conn === undefined || this.conn.bus.isClosed) {
      throw new BackendUnavailableError('the accessibility bus is not connected');
    }
    return this.conn;
  }

  /** Async so that a stopped backend or an aborted signal rejects, never throws at the call. */
  async with<T>(
    signal: AbortSignal,
    work: (c: Connection, s: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const conn = this.usable(signal);
    const combined = AbortSignal.any([signal, this.lifetime]);
    // A walk passes one signal to hundreds of concurrent calls, each listening for the abort.
    setMaxListeners(0, combined);
    return work(conn, combined);
  }

  async lost(bus: AtspiBus, err: Error): Promise<void> {
    if (this.isStopped || this.conn?.bus !== bus) return;
    this.conn.subscription.unsubscribe();
    this.conn.guard.stop();
    this.conn = undefined;
    this.hooks.forget();
    this.hooks.emit([{ type: 'status', status: 'degraded', reason: err.message }]);
    const conn = await reconnect(this.hooks.open, this.lifetime, () => this.isStopped);
    if (conn === undefined) return;
    this.conn = conn;
    this.hooks.emit([
      { type: 'reset', reason: `reconnected after: ${err.message}` },
      { type: 'status', status: 'ok' },
    ]);
  }
}
