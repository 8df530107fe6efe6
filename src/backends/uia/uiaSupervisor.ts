/**
 * Supervises the isolated UIA host. The server's event loop never makes a UIA call itself: it
 * sends calls to the host with a deadline and keeps running whatever the host does. A host
 * whose one native call has not returned for `hangMs` (reported in its pongs), that stops
 * answering pings (stuck in a synchronous call) or that exits (native crash) is killed and started again with exponential backoff; meanwhile calls fail
 * fast with backend_unavailable, subscribers see `status` events, and once a new host is up
 * a `reset` tells them every id may be invalid (the new host knows none of the old elements).
 */
import type { BackendStatus } from '../../../protocol/src/index.js';
import { BackendUnavailableError, TimeoutError, abortError, type UiError } from '../../errors.js';
import type { BackendEvent } from '../backend.js';
import type { FromHost, HostHello, HostNotice, HostOp } from './uiaHostProtocol.js';
import { deserializeError } from './uiaHostProtocol.js';
import type { HostChannel } from './uiaTransport.js';

export interface SupervisorOptions {
  /** Start one host. */
  launch: () => HostChannel;
  /** Deadline for a host to say it is ready. */
  startTimeoutMs: number;
  pingIntervalMs: number;
  /**
   * A host that has not answered a ping for this long, or whose oldest native call has run this
   * long, is hung. Keep it above UIA's own transaction + connection timeouts, so a call UIA
   * would end with UIA_E_TIMEOUT is never taken for a hang; a slow operation made of calls that
   * each return is never one.
   */
  hangMs: number;
  /** Upper bound of any call, whatever its signal says. */
  maxCallMs: number;
  backoff: { initialMs: number; maxMs: number };
  /** Consecutive failed restarts after which the status becomes `down` (restarts go on). */
  downAfter: number;
  /** A host that lived this long before failing restarts without the accumulated backoff. */
  stableMs: number;
  onEvents: (batch: readonly BackendEvent[]) => void;
  onStatus: (status: BackendStatus, reason?: string) => void;
  onReset: (reason: string) => void;
  onLog?: (message: string) => void;
  /** What the host announces unasked (clipboard changes). */
  onNotice?: (notice: HostNotice) => void;
  /** The platform's name in messages (default UIA; the macOS backend reuses this supervisor). */
  label?: string;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: UiError) => void;
  cleanup: () => void;
}

type State = 'idle' | 'up' | 'restarting' | 'stopped';

export class HostSupervisor {
  private state: State = 'idle';
  private channel: HostChannel | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private lastPong = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  /** Backoff exponent: grows while hosts keep dying young. */
  private failures = 0;
  /** Restarts in a row that did not bring a host up (for the `down` status). */
  private failedRestarts = 0;
  private upSince = 0;
  /** Hosts started so far (1 after start; each restart adds one). */
  generation = 0;
  hello: HostHello | undefined;

  private readonly label: string;

  constructor(private readonly options: SupervisorOptions) {
    this.label = options.label ?? 'UIA';
  }

  get status(): State {
    return this.state;
  }

  /** Start the first host; rejects with backend_unavailable when it cannot start. */
  async start(signal: AbortSignal): Promise<void> {
    if (this.state !== 'idle')
      throw new BackendUnavailableError(`${this.label} host is ${this.state}`);
    this.options.onStatus('starting');
    try {
      await this.launchOnce(signal);
    } catch (err) {
      this.state = 'stopped';
      this.options.onStatus('down', (err as Error).message);
      throw err;
    }
  }

  /** Send one call to the host; the signal and maxCallMs bound it. */
  call(op: HostOp, args: unknown, signal: AbortSignal): Promise<unknown> {
    if (signal.aborted) return Promise.reject(abortError(signal));
    const channel = this.channel;
    if (this.state !== 'up' || channel === undefined) {
      return Promise.reject(
        new BackendUnavailableError(`${this.label} host is ${this.state}; retry shortly`),
      );
    }
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = (): void => settle(() => reject(abortError(signal)));
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(
              new TimeoutError(`${this.label} ${op} took longer than ${this.options.maxCallMs} ms`),
            ),
          ),
        this.options.maxCallMs,
      );
      const cleanup = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      const settle = (fn: () => void): void => {
        cleanup();
        fn();
      };
      this.pending.set(id, { resolve, reject, cleanup });
      signal.addEventListener('abort', onAbort, { once: true });
      channel.send({ t: 'call', id, op, args, deadlineMs: this.options.maxCallMs });
    });
  }

  /** Stop the host and everything else; idempotent. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    clearInterval(this.pingTimer);
    clearTimeout(this.restartTimer);
    this.rejectAll(new BackendUnavailableError(`${this.label} backend stopped`));
    const channel = this.channel;
    this.channel = undefined;
    if (channel === undefined) return;
    const gone = new Promise<void>((resolve) => channel.onExit(() => resolve()));
    channel.send({ t: 'stop' });
    const killTimer = setTimeout(() => channel.kill(), 2_000);
    await gone;
    clearTimeout(killTimer);
  }

  private launchOnce(signal: AbortSignal): Promise<void> {
    const channel = this.options.launch();
    this.generation += 1;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const finish = (err?: UiError): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if (err === undefined) return resolve();
        channel.kill();
        reject(err);
      };
      const onAbort = (): void => finish(abortError(signal));
      const timer = setTimeout(
        () =>
          finish(
            new BackendUnavailableError(
              `${this.label} host not ready within ${this.options.startTimeoutMs} ms`,
            ),
          ),
        this.options.startTimeoutMs,
      );
      signal.addEventListener('abort', onAbort, { once: true });
      channel.onMessage((message) => {
        if (message.t === 'ready' && !settled) {
          if (this.state === 'stopped')
            return finish(new BackendUnavailableError(`${this.label} backend stopped`));
          this.adopt(channel, message.hello);
          finish();
        } else if (message.t === 'fatal') {
          finish(
            new BackendUnavailableError(
              `${this.label} host failed to start: ${message.error.message}`,
              {
                details: message.error.details ?? {},
              },
            ),
          );
        } else if (this.channel === channel) {
          this.onMessage(message);
        }
      });
      channel.onExit((reason) => {
        if (!settled)
          finish(new BackendUnavailableError(`${this.label} host did not start: ${reason}`));
        else if (this.channel === channel) this.fail(reason);
      });
    });
  }

  private adopt(channel: HostChannel, hello: HostHello): void {
    this.channel = channel;
    this.hello = hello;
    this.state = 'up';
    this.lastPong = Date.now();
    this.upSince = this.lastPong;
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.ping(), this.options.pingIntervalMs);
    this.pingTimer.unref?.();
  }

  private ping(): void {
    if (this.state !== 'up' || this.channel === undefined) return;
    const silent = Date.now() - this.lastPong;
    if (silent > this.options.hangMs) {
      this.fail(`${this.label} host did not answer for ${silent} ms (hung call?)`);
      return;
    }
    this.channel.send({ t: 'ping', id: this.nextId++ });
  }

  private onMessage(message: FromHost): void {
    switch (message.t) {
      case 'pong':
        this.lastPong = Date.now();
        if (message.busy && message.busy.ms > this.options.hangMs) {
          this.fail(
            `${this.label} host: native call ${message.busy.what} has not returned for ${message.busy.ms} ms`,
          );
        }
        return;
      case 'events':
        this.lastPong = Date.now();
        this.options.onEvents(message.batch);
        return;
      case 'result':
      case 'error': {
        this.lastPong = Date.now();
        const entry = this.pending.get(message.id);
        if (entry === undefined) return; // answered after its deadline: dropped
        entry.cleanup();
        if (message.t === 'result') entry.resolve(message.value);
        else entry.reject(deserializeError(message.error));
        return;
      }
      case 'log':
        this.options.onLog?.(message.message);
        return;
      case 'notice':
        this.options.onNotice?.(message.notice);
        return;
      default:
        return;
    }
  }

  /** The host is hung or gone: kill it, fail what waits, restart with backoff. */
  private fail(reason: string): void {
    if (this.state !== 'up') return;
    this.state = 'restarting';
    clearInterval(this.pingTimer);
    // A host that keeps dying right after start backs off further each time.
    this.failures = Date.now() - this.upSince < this.options.stableMs ? this.failures + 1 : 0;
    const channel = this.channel;
    this.channel = undefined;
    channel?.kill();
    this.rejectAll(new BackendUnavailableError(`${this.label} host restarting: ${reason}`));
    this.options.onStatus('degraded', reason);
    this.scheduleRestart(reason);
  }

  private scheduleRestart(reason: string): void {
    const { initialMs, maxMs } = this.options.backoff;
    const delay = Math.min(maxMs, initialMs * 2 ** this.failures);
    this.restartTimer = setTimeout(() => void this.restart(reason), delay);
  }

  private async restart(reason: string): Promise<void> {
    if (this.state !== 'restarting') return;
    try {
      await this.launchOnce(AbortSignal.timeout(this.options.startTimeoutMs + 1_000));
    } catch (err) {
      if (this.state !== 'restarting') return;
      this.failures += 1;
      this.failedRestarts += 1;
      if (this.failedRestarts >= this.options.downAfter) {
        this.options.onStatus('down', (err as Error).message);
      }
      this.scheduleRestart(reason);
      return;
    }
    // stop() may have run while the new host was starting.
    if ((this.state as State) !== 'up') return;
    this.failedRestarts = 0;
    this.options.onReset(`${this.label} host restarted after: ${reason}`);
    this.options.onStatus('ok');
  }

  private rejectAll(err: UiError): void {
    for (const entry of [...this.pending.values()]) {
      entry.cleanup();
      entry.reject(err);
    }
  }
}
