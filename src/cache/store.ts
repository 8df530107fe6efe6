/**
 * The store: the only place with RxJS wiring and I/O. Backend event batches and fetch results
 * enter one input stream; each input runs through the pure reducer, the state is updated, and
 * only then is the patch batch emitted on the one shared hot `patches$` (so a subscriber that
 * reads the cache inside its callback sees the new state). Fetch requests the reducer asks for
 * are coalesced per window and run by the FetchRunner.
 *
 * Recovery from lost events: structure events are repaired by re-fetches; a lost PROPERTY
 * event cannot be seen from events alone, so the cache offers `refresh(ref)` (the executor
 * calls it after every action: a re-fetch of the touched window), `confirm` for reads that ask
 * for fresh data, and the background reconcile (reconciler.ts); what their re-reads had to
 * repair counts as drift.
 */
import {
  Subject,
  Subscription,
  map,
  type Observable,
  type SchedulerLike,
  asyncScheduler,
} from 'rxjs';
import type { BackendStatus, ElementNode, PatchBatch } from '../../protocol/src/index.js';
import type { AccessibilityBackend, BackendId, ClipboardState } from '../backends/backend.js';
import type { Config } from '../config.js';
import { abortError, BackendUnavailableError } from '../errors.js';
import type { CacheStats, UiCache } from './api.js';
import { coalesceByKey } from './coalesce.js';
import { RingEventLog } from './events.js';
import { FETCH_FAILED, FetchRunner } from './fetcher.js';
import { Confirmations } from './freshness.js';
import { PatchHistory } from './history.js';
import { OpeningDeadlines } from './opening-deadlines.js';
import { nodeForRef } from './queries/resolve.js';
import { CacheReads } from './reads.js';
import { EvidenceLimiter } from './reconcile.js';
import { Reconciler } from './reconciler.js';
import {
  confirmRequests,
  untilQuiet,
  untilSettled,
  windowRequest,
  type ReadScope,
} from './rereads.js';
import { reduce, type CacheInput, type FetchRequest } from './reducer.js';
import { TreeState } from './tree.js';

export type CacheConfig = Config['cache'];

export class CacheStore extends CacheReads implements UiCache {
  readonly events: RingEventLog;
  private readonly patchSubject = new Subject<PatchBatch>();
  readonly patches$: Observable<PatchBatch> = this.patchSubject.asObservable();
  /** Ticks whenever something that may end a busy period happened. */
  private readonly activity = new Subject<void>();
  /** Fetch requests still waiting in the coalescer. */
  private coalescing = 0;
  private readonly requests = new Subject<FetchRequest>();
  /** Re-fetches asked for on evidence of lost structure events, rate-limited per window. */
  private readonly evidence: EvidenceLimiter;
  private readonly runner: FetchRunner;
  private readonly reconciler: Reconciler;
  private readonly confirmations: Confirmations;
  private readonly subscription = new Subscription();
  private currentStatus: BackendStatus = 'starting';
  private currentReason: string | undefined;
  private drift = 0;
  private ignored = 0;
  private stopped = false;
  private readonly openingDeadlines: OpeningDeadlines;
  /** Events that arrive during the initial fetch, applied right after it. */
  private syncBuffer: CacheInput[] | null = null;

  constructor(
    private readonly backend: AccessibilityBackend,
    private readonly config: CacheConfig,
    private readonly scheduler: SchedulerLike = asyncScheduler,
  ) {
    super(
      new TreeState({ maxBytes: config.tombstoneBytes }),
      new PatchHistory(config.eventReplay, 0, config.eventReplayBytes),
    );
    this.events = new RingEventLog(
      this.state,
      config.eventReplay,
      Date.now,
      config.eventReplayBytes,
    );
    this.runner = new FetchRunner({
      backend,
      concurrency: config.fetchConcurrency,
      timeoutMs: config.fetchTimeoutMs,
      rootId: () => this.state.root?.id,
      apply: (input, check) => this.step(input, check),
      settled: () => this.activity.next(),
    });
    this.evidence = new EvidenceLimiter(scheduler, (request) => this.sendFetch(request));
    this.reconciler = new Reconciler({
      periodMs: config.reconcileMs,
      duty: config.reconcileDuty,
      deadlineMs: config.reconcileTimeoutMs,
      scheduler,
      state: this.state,
      reread: (request) => this.runner.enqueue(request, true),
      eventComplete: (id) => backend.eventComplete?.(id) === true,
    });
    this.confirmations = new Confirmations(() => scheduler.now());
    this.openingDeadlines = new OpeningDeadlines(
      scheduler,
      this.subscription,
      config.fetchTimeoutMs,
      (window) => this.step({ kind: 'openingExpired', window }),
    );
  }

  get status(): BackendStatus {
    return this.currentStatus;
  }

  get statusReason(): string | undefined {
    return this.currentReason;
  }

  async start(signal: AbortSignal): Promise<void> {
    if (this.stopped) throw new BackendUnavailableError('the cache was stopped');
    const backendEvents = this.backend.events$.pipe(
      map((events) => ({ kind: 'events', events }) as const),
    );
    this.subscription.add(
      backendEvents.subscribe({
        next: (input) => this.step(input),
        // A broken event stream leaves the cache serving what it has, flagged as down.
        error: (err: unknown) =>
          this.setStatus('down', err instanceof Error ? err.message : 'event stream failed'),
      }),
    );
    const maxWait = Math.max(this.config.coalesceMs * 10, 100);
    this.subscription.add(
      this.requests
        .pipe(coalesceByKey((r) => r.key, this.config.coalesceMs, maxWait, this.scheduler))
        .subscribe((group) => {
          this.coalescing -= group.length;
          void this.runner.enqueueGroup(group);
        }),
    );
    await this.initialSync(signal);
    // A status reported during the sync (an app quarantined) stands.
    if (this.currentStatus === 'starting') this.currentStatus = 'ok';
    if (this.config.reconcileMs > 0) this.reconciler.start();
  }

  private async initialSync(signal: AbortSignal): Promise<void> {
    this.syncBuffer = [];
    try {
      const nodes = await this.backend.fetchSubtree(this.backend.rootId, { signal });
      if (signal.aborted) throw abortError(signal);
      const buffered = this.syncBuffer;
      this.syncBuffer = null;
      this.step({ kind: 'fetched', nodes });
      for (const input of buffered) this.step(input);
    } finally {
      this.syncBuffer = null;
    }
  }

  /** Log clipboard changes as `clipboard.changed` until stop (a broken watch loses only those). */
  followClipboard(changes$: Observable<ClipboardState>): void {
    const next = (c: ClipboardState): void => this.events.appendClipboard(c.formats, c.owner);
    this.subscription.add(changes$.subscribe({ next, error: () => undefined }));
  }

  /** One reconcile pass now (reconciler.ts); resolves with the patches it had to apply. */
  checkDrift(): Promise<number> {
    if (this.state.root === null || this.stopped) return Promise.resolve(0);
    return this.reconciler.tick();
  }

  /** Run one input through the reducer; state first, then the emission. Answers the patches
   * applied, focus moves aside. */
  private step(input: CacheInput, check = false): number {
    if (this.stopped) return 0;
    if (this.syncBuffer !== null) {
      this.syncBuffer.push(input);
      return 0;
    }
    if (input.kind === 'events') this.runner.noteEvents(input.events);
    const result = reduce(this.state, input, this.scheduler.now());
    this.ignored += result.ignored;
    if (result.status !== undefined) this.setStatus(result.status.status, result.status.reason);
    if (result.reset !== undefined) this.setStatus('resyncing', result.reset);
    if (input.kind === 'fetched') this.confirmations.note(this.state, input.nodes, input.depth);
    const changed = result.patches.filter((p) => p.op !== 'focus').length;
    if (result.patches.length > 0) {
      if (check) this.drift += changed;
      this.state.revision++;
      const batch: PatchBatch = { revision: this.state.revision, patches: result.patches };
      this.history.push(batch);
      this.events.appendBatch(batch);
      this.patchSubject.next(batch);
    }
    if (
      input.kind === 'fetched' &&
      this.currentStatus === 'resyncing' &&
      this.state.root?.id === input.nodes[0]?.id
    ) {
      this.currentStatus = 'ok';
    }
    for (const request of result.fetch) {
      if (request.evidence === true) this.evidence.offer(request);
      else this.sendFetch(request);
    }
    this.openingDeadlines.schedule(this.state);
    this.activity.next();
    return changed;
  }

  /** The backend's status as the cache reports it, logged as a `backend.status` event. */
  private setStatus(status: BackendStatus, reason: string | undefined): void {
    this.currentStatus = status;
    this.currentReason = reason;
    this.events.appendStatus(this.backend.name, status, reason);
  }

  private sendFetch(request: FetchRequest): void {
    if (this.stopped) return;
    // Queued requests for the same read are joined by the runner: no quiet period needed.
    if (request.urgent === true) {
      void this.runner.enqueue(request);
      return;
    }
    this.coalescing++;
    this.requests.next(request);
  }

  /** True while a window's contents are still being fetched (not announced yet). */
  windowOpening(windowRef: string): boolean {
    const win = this.state.windows.get(windowRef);
    return win !== undefined && this.state.opening.has(win);
  }

  /** True when no fetch is waiting, queued or running. */
  get idle(): boolean {
    return this.coalescing === 0 && this.evidence.pending === 0 && this.runner.idle;
  }

  /** Resolve once no fetch is waiting, queued or running (tests: after the backend is quiet). */
  whenIdle(signal: AbortSignal): Promise<void> {
    return untilQuiet(this.activity, () => this.idle || this.stopped, signal);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.subscription.unsubscribe();
    this.reconciler.stop();
    this.evidence.stop();
    this.runner.stop();
    this.patchSubject.complete();
    this.requests.complete();
    this.events.complete();
    this.activity.next();
    this.activity.complete();
    return Promise.resolve();
  }

  stats(): CacheStats {
    return {
      elements: this.state.byRef.size,
      windows: this.state.windows.size,
      revision: this.state.revision,
      drift: this.drift,
      fetches: this.runner.fetches,
      reconcile: this.reconciler.stats,
    };
  }

  /** More counters than the UiCache contract needs, for tests and benchmarks. */
  details(): { ignored: number; failures: number; tombstones: number; tombstoneBytes: number } {
    return {
      ignored: this.ignored,
      failures: this.runner.failures,
      tombstones: this.state.tombstones.size,
      tombstoneBytes: this.state.tombstones.heldBytes,
    };
  }

  backendId(ref: string): BackendId | undefined {
    return (ref.startsWith('w') ? this.state.windows.get(ref) : this.state.byRef.get(ref))?.id;
  }

  node(ref: string): ElementNode | undefined {
    const n = this.state.byRef.get(ref);
    return n === undefined ? undefined : this.state.toElement(n);
  }

  /** Re-fetch the window of `ref` (the whole window: an action's effects are rarely local),
   * unless every change in it comes as events (eventComplete): a re-read finds nothing new. */
  async refresh(ref: string, signal: AbortSignal): Promise<void> {
    const request = windowRequest(this.state, nodeForRef(this.state, ref));
    if (this.backend.eventComplete?.(request.id) === true) return;
    // Counted as drift: after an action's events are in, whatever a re-fetch still changes
    // is something the event stream lost.
    await untilSettled(this.runner.enqueue(request, true), signal);
  }

  /** Age of the oldest confirmation from the app behind a read of this scope (freshness.ts). */
  freshness(scope: ReadScope): number {
    this.confirmations.prune(this.state);
    return this.confirmations.ageMs(this.state, scope.windows);
  }

  /**
   * Re-read the windows of a scope (the top level and the window in use for the whole
   * desktop) before a read that must not answer older data; bounded by `freshTimeoutMs`.
   * Answers whether every re-read landed.
   */
  async confirm(scope: ReadScope, signal: AbortSignal): Promise<boolean> {
    const requests = confirmRequests(this.state, scope, this.config.freshTimeoutMs);
    const reads = Promise.all(requests.map((r) => this.runner.enqueue(r, true)));
    await untilSettled(reads, signal, this.config.freshTimeoutMs);
    return (await reads).every((patches) => patches !== FETCH_FAILED);
  }
}
