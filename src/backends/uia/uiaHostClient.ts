/**
 * What the backends that send every call to an isolated host process through the supervisor
 * (UIA, and AX on the same supervisor, transport and runtime) do alike: their event stream and
 * status, start and stop, refusing calls once stopped, and the operations that only check their
 * arguments before they travel. Nothing here touches the platform.
 */
import { Subject } from 'rxjs';
import type { BackendStatus } from '../../../protocol/src/index.js';
import { BackendUnavailableError, throwIfAborted } from '../../errors.js';
import type {
  ActionOptions,
  BackendEvent,
  BackendId,
  BackendNode,
  FetchOptions,
  InputAction,
  MonitorInfo,
} from '../backend.js';
import type { HostOp } from './uiaHostProtocol.js';
import { HostSupervisor, type SupervisorOptions } from './uiaSupervisor.js';
import type { HostChannel } from './uiaTransport.js';
import { validateInput } from './uiaValidate.js';

export type SupervisorTimings = Omit<
  SupervisorOptions,
  'launch' | 'onEvents' | 'onStatus' | 'onReset' | 'onLog' | 'onNotice'
>;

export interface HostClientOptions {
  /** The platform's name in errors ("AX host is down"). */
  label: string;
  launch: () => HostChannel;
  timings: SupervisorTimings;
  onLog?: ((message: string) => void) | undefined;
  onNotice?: SupervisorOptions['onNotice'];
}

export abstract class HostClientBackend {
  abstract readonly rootId: BackendId;
  private readonly subject = new Subject<readonly BackendEvent[]>();
  readonly events$ = this.subject.asObservable();
  readonly supervisor: HostSupervisor;
  protected stopped = false;
  private readonly label: string;

  constructor(options: HostClientOptions) {
    this.label = options.label;
    this.supervisor = new HostSupervisor({
      ...options.timings,
      label: options.label,
      launch: options.launch,
      onEvents: (batch) => this.emit(batch),
      onStatus: (status, reason) => this.status(status, reason),
      onReset: (reason) => this.emit([{ type: 'reset', reason }]),
      ...(options.onLog === undefined ? {} : { onLog: options.onLog }),
      ...(options.onNotice === undefined ? {} : { onNotice: options.onNotice }),
    });
  }

  /** Throws the platform's typed invalid_params for an id it cannot have made. */
  protected abstract validateId(id: BackendId): void;

  async start(signal: AbortSignal): Promise<void> {
    throwIfAborted(signal);
    await this.supervisor.start(signal);
    this.status('ok');
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.supervisor.stop();
    this.subject.complete();
    this.onStopped();
  }

  /** What else ends with the backend. */
  protected onStopped(): void {}

  async fetchSubtree(id: BackendId, options: FetchOptions): Promise<BackendNode[]> {
    this.validateId(id);
    const maxDepth = options.maxDepth ?? null;
    return (await this.call('fetchSubtree', { id, maxDepth }, options.signal)) as BackendNode[];
  }

  async focus(id: BackendId, options: ActionOptions): Promise<void> {
    this.validateId(id);
    await this.call('focus', { id }, options.signal);
  }

  async activateWindow(id: BackendId, options: ActionOptions): Promise<void> {
    this.validateId(id);
    await this.call('activateWindow', { id }, options.signal);
  }

  async input(action: InputAction, options: ActionOptions): Promise<void> {
    validateInput(action);
    await this.call('input', action, options.signal);
  }

  async monitors(signal: AbortSignal): Promise<MonitorInfo[]> {
    return (await this.call('monitors', {}, signal)) as MonitorInfo[];
  }

  /** Diagnostics: what the host can do on this machine. */
  async probe(options: ActionOptions): Promise<Record<string, unknown>> {
    return (await this.call('probe', {}, options.signal)) as Record<string, unknown>;
  }

  protected status(status: BackendStatus, reason?: string): void {
    this.emit([
      reason === undefined ? { type: 'status', status } : { type: 'status', status, reason },
    ]);
  }

  protected call(op: HostOp, args: unknown, signal: AbortSignal): Promise<unknown> {
    if (this.stopped)
      return Promise.reject(new BackendUnavailableError(`the ${this.label} backend is stopped`));
    throwIfAborted(signal);
    return this.supervisor.call(op, args, signal);
  }

  protected emit(batch: readonly BackendEvent[]): void {
    if (!this.stopped && batch.length > 0) this.subject.next(batch);
  }
}
