/**
 * The accessibility-bus connection: raw method calls (no proxy objects, which fetch
 * introspection for every object) under a concurrency cap and a per-call deadline, with D-Bus
 * errors mapped to typed UiErrors. Unbounded parallel calls starve Node's timers, hence the cap.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import dbus from 'dbus-next';
import { Subject } from 'rxjs';
import { AppLanes } from './atspiAppLanes.js';
import {
  abortError,
  BackendUnavailableError,
  ElementStaleError,
  PatternNotSupportedError,
  TimeoutError,
  UiError,
} from '../../errors.js';

const { Message } = dbus;
type DbusMessage = InstanceType<typeof dbus.Message>;

/** A D-Bus object reference `(so)`: (bus name, object path). */
export type ObjectRef = [string, string];

export interface CallSpec {
  dest: string;
  path: string;
  iface: string;
  member: string;
  signature?: string;
  body?: unknown[];
  /** Sent with NO_REPLY_EXPECTED: resolves with an empty body once sent. */
  noReply?: boolean;
}

export interface AtspiBusOptions {
  /** Calls in flight at once. */
  concurrency: number;
  /** Deadline of one call (the D-Bus default of 25 s is far too long for a UI). */
  callTimeoutMs: number;
}

/** Map a D-Bus error name to the typed error an element call should raise. */
export function mapDbusError(err: unknown, what: string): UiError {
  if (err instanceof UiError) return err;
  const type = (err as { type?: unknown }).type;
  const name = typeof type === 'string' ? type : '';
  const text = err instanceof Error ? err.message : String(err);
  if (
    name.endsWith('.NoReply') ||
    name.endsWith('.ServiceUnknown') ||
    name.endsWith('.UnknownObject') ||
    name.endsWith('.NameHasNoOwner') ||
    name.endsWith('.Disconnected')
  ) {
    return new ElementStaleError(`${what}: the element or its app is gone`, { cause: err });
  }
  // Every accessible object implements Accessible: GTK 4 answers a call on one it destroyed
  // (its path kept no interface) as an unknown method.
  const accessibleCall = what.startsWith('Accessible.');
  if (accessibleCall && (name.endsWith('.UnknownMethod') || name.endsWith('.UnknownInterface'))) {
    return new ElementStaleError(`${what}: the element is gone`, { cause: err });
  }
  if (name.endsWith('.UnknownMethod') || name.endsWith('.UnknownInterface')) {
    return new PatternNotSupportedError(`${what}: not supported by this element`, { cause: err });
  }
  if (name.endsWith('.InvalidArgs')) {
    return new ElementStaleError(`${what}: the element rejected the call (${text})`, {
      cause: err,
    });
  }
  return new BackendUnavailableError(`${what}: ${name || text}`, { cause: err });
}

const urgency = new AsyncLocalStorage<boolean>();

/**
 * Run `work` with its calls ahead of queued ordinary ones: for the few calls of a desktop
 * re-list, which window changes wait for, while a big window's element-by-element read may have
 * hundreds of calls queued.
 */
export function urgentCalls<T>(work: () => Promise<T>): Promise<T> {
  return urgency.run(true, work);
}

/** Something that decides whether and how a call to an app is made (see atspiGuard.ts). */
export interface CallGuard {
  run(spec: CallSpec, signal: AbortSignal, call: () => Promise<unknown[]>): Promise<unknown[]>;
  /** Ordinary calls in flight to this app at most (Infinity: no lane; see AppLanes). */
  laneDepthOf?(dest: string): number;
}

interface Waiter {
  /** Told whether it was handed a slot (false: the connection was lost). */
  wake: (granted: boolean) => void;
  urgent: boolean;
}

/** One connection to the accessibility bus. */
export class AtspiBus {
  /** Every signal received (match rules decide which arrive). */
  readonly signals$ = new Subject<DbusMessage>();
  /** Fires once when the connection is lost. */
  readonly closed: Promise<Error>;
  /** Callers waiting for a slot, urgent ones first, else in arrival order. */
  private readonly waiting: Waiter[] = [];
  private readonly inFlight = new Set<(err: Error) => void>();
  private active = 0;
  private lost: Error | undefined;
  private markClosed!: (err: Error) => void;
  private guard: CallGuard | undefined;
  private readonly lanes = new AppLanes((dest) => this.guard?.laneDepthOf?.(dest) ?? Infinity);

  private constructor(
    private readonly bus: dbus.MessageBus,
    private readonly options: AtspiBusOptions,
  ) {
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
    bus.on('message', (msg) => {
      if (msg.type === dbus.MessageType.SIGNAL) this.signals$.next(msg);
    });
    bus.on('error', (err: unknown) =>
      this.fail(err instanceof Error ? err : new Error(String(err))),
    );
    // The library forwards stream errors but not a clean end of the stream.
    const connection = (bus as unknown as { _connection?: { on(e: 'end', f: () => void): void } })
      ._connection;
    connection?.on('end', () =>
      this.fail(new Error('the accessibility bus closed the connection')),
    );
  }

  /** Connect to a bus address and wait for the Hello reply. */
  static async connect(
    address: string,
    options: AtspiBusOptions,
    signal: AbortSignal,
  ): Promise<AtspiBus> {
    const bus = dbus.sessionBus({ busAddress: address });
    const ready = new Promise<void>((resolve, reject) => {
      bus.on('connect', () => resolve());
      bus.on('error', (err: unknown) =>
        reject(new BackendUnavailableError(`cannot connect to ${address}`, { cause: err })),
      );
    });
    try {
      await withDeadline(ready, options.callTimeoutMs, signal, 'connect to the accessibility bus');
    } catch (err) {
      bus.disconnect();
      throw err;
    }
    return new AtspiBus(bus, options);
  }

  /** Our unique name on the bus. */
  get uniqueName(): string {
    return (this.bus as unknown as { name?: string }).name ?? '';
  }

  get isClosed(): boolean {
    return this.lost !== undefined;
  }

  /** Route every later `call` through a guard. */
  setGuard(guard: CallGuard): void {
    this.guard = guard;
  }

  /** Make a method call and return the reply body; errors are typed (see mapDbusError). */
  call(spec: CallSpec, signal: AbortSignal): Promise<unknown[]> {
    const guard = this.guard;
    if (guard === undefined) return this.unguarded(spec, signal);
    return guard.run(spec, signal, () => this.unguarded(spec, signal));
  }

  /** A call past the guard (the guard's own probes), with an optional shorter deadline. */
  async unguarded(
    spec: CallSpec,
    signal: AbortSignal,
    timeoutMs = this.options.callTimeoutMs,
  ): Promise<unknown[]> {
    const what = `${spec.iface.replace('org.a11y.atspi.', '')}.${spec.member}`;
    const leaveLane =
      urgency.getStore() === true
        ? undefined
        : (this.lanes.tryEnter(spec.dest) ?? (await this.lanes.enter(spec.dest, signal)));
    try {
      await this.acquire(signal);
    } catch (err) {
      leaveLane?.();
      throw err;
    }
    try {
      const message = new Message({
        destination: spec.dest,
        path: spec.path,
        interface: spec.iface,
        member: spec.member,
        ...(spec.noReply === true ? { flags: dbus.MessageFlag.NO_REPLY_EXPECTED } : {}),
        ...(spec.signature === undefined
          ? {}
          : { signature: spec.signature, body: spec.body ?? [] }),
      });
      const reply = await this.track(this.bus.call(message), spec, signal, what, timeoutMs);
      return (reply?.body ?? []) as unknown[];
    } catch (err) {
      throw mapDbusError(err, what);
    } finally {
      this.release();
      leaveLane?.();
    }
  }

  /** Add a match rule on the bus daemon so matching signals are delivered to us. */
  async addMatch(rule: string, signal: AbortSignal): Promise<void> {
    await this.call(
      {
        dest: 'org.freedesktop.DBus',
        path: '/org/freedesktop/DBus',
        iface: 'org.freedesktop.DBus',
        member: 'AddMatch',
        signature: 's',
        body: [rule],
      },
      signal,
    );
  }

  disconnect(): void {
    this.fail(new Error('disconnected'));
    this.bus.disconnect();
  }

  private fail(err: Error): void {
    if (this.lost !== undefined) return;
    this.lost = err;
    for (const reject of this.inFlight) reject(err);
    this.inFlight.clear();
    for (const waiter of this.waiting.splice(0)) waiter.wake(false);
    this.markClosed(err);
    this.signals$.complete();
  }

  private track(
    pending: Promise<DbusMessage | null>,
    spec: CallSpec,
    signal: AbortSignal,
    what: string,
    timeoutMs: number,
  ): Promise<DbusMessage | null> {
    if (this.lost !== undefined) {
      // Sent on a closed stream, it rejects too: nobody else waits for it.
      pending.catch(() => undefined);
      return Promise.reject(new BackendUnavailableError(`${what}: ${this.lost.message}`));
    }
    const lostPromise = new Promise<never>((_resolve, reject) => {
      const onLost = (err: Error): void =>
        reject(new BackendUnavailableError(`${what} on ${spec.dest}: ${err.message}`));
      this.inFlight.add(onLost);
      void pending.finally(() => this.inFlight.delete(onLost)).catch(() => undefined);
    });
    lostPromise.catch(() => undefined);
    return withDeadline(Promise.race([pending, lostPromise]), timeoutMs, signal, what);
  }

  /**
   * Take a slot, or wait for one (urgent calls first, then in arrival order). A freed slot is
   * handed to the next waiter rather than released: a caller arriving just then would otherwise take it first, and under
   * a steady stream of element reads one call (the registry's, a desktop re-list) waited a
   * second behind hundreds that came after it.
   */
  private async acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw abortError(signal);
    if (this.lost !== undefined) throw new BackendUnavailableError(this.lost.message);
    if (this.active < this.options.concurrency && this.waiting.length === 0) {
      this.active++;
      return;
    }
    const urgent = urgency.getStore() === true;
    const granted = await new Promise<boolean>((wake) => {
      const at = urgent ? this.waiting.findIndex((w) => !w.urgent) : -1;
      this.waiting.splice(at < 0 ? this.waiting.length : at, 0, { wake, urgent });
    });
    if (!granted) throw new BackendUnavailableError('the accessibility bus connection was lost');
    if (signal.aborted) {
      this.release();
      throw abortError(signal);
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.active--;
    else next.wake(true);
  }
}

/** Race a promise against a deadline and an AbortSignal, cleaning up both. */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  signal: AbortSignal,
  what: string,
): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new TimeoutError(`${what}: no reply within ${ms} ms`));
    }, ms);
    const onAbort = (): void => {
      cleanup();
      reject(abortError(signal));
    };
    const cleanup = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (err: unknown) => {
        cleanup();
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
