/**
 * Runs bulk fetches for the store: bounded concurrency, a deadline per fetch, never two
 * fetches of overlapping subtrees at once (requests for one window wait for each other, a
 * whole-desktop fetch waits for all), identical queued requests joined, urgent ones first.
 * Property, text and window activation events that arrive while a fetch is in flight are handed
 * back with its result so the reducer re-applies them over the (possibly older) fetched values.
 */
import type { AccessibilityBackend, BackendEvent, FetchOptions } from '../backends/backend.js';
import { ElementStaleError, raceSignal, TimeoutError } from '../errors.js';
import type { CacheInput, FetchRequest } from './reducer.js';

/** What a fetch that failed (or was never run) resolves with instead of a patch count. */
export const FETCH_FAILED = -1;

/** Events remembered per in-flight fetch; beyond this the fetch is simply repeated. */
const REPLAY_LIMIT = 10_000;

/** Longest an ordinary re-read waits for urgent reads to finish (see yieldsToUrgent). */
const URGENT_ALONE_MAX_MS = 1_000;

interface Job {
  request: FetchRequest;
  /** Called once the job ended, with the patches its fetch applied (or FETCH_FAILED). */
  done: ((patches: number) => void)[];
  replay: BackendEvent[];
  overflow: boolean;
  /** Marks a drift check: its patches count as drift. */
  check: boolean;
  queuedAt: number;
}

export interface FetchRunnerOptions {
  backend: AccessibilityBackend;
  concurrency: number;
  timeoutMs: number;
  rootId: () => string | undefined;
  /** Apply a result; answers how many patches (focus moves aside) it caused. */
  apply: (input: CacheInput, check: boolean) => number;
  /** Called after each fetch has finished (applied or failed). */
  settled: () => void;
}

export class FetchRunner {
  private readonly queue: Job[] = [];
  private readonly running = new Set<Job>();
  private readonly stopper = new AbortController();
  /** Pumps again once held re-reads may run regardless (see yieldsToUrgent). */
  private holdTimer: NodeJS.Timeout | undefined;
  fetches = 0;
  failures = 0;

  constructor(private readonly options: FetchRunnerOptions) {}

  get idle(): boolean {
    return this.queue.length === 0 && this.running.size === 0;
  }

  /** Merge a coalesced group into one request and queue it; resolves once applied. */
  enqueueGroup(group: readonly FetchRequest[], check = false): Promise<number> {
    const first = group[0];
    if (first === undefined) return Promise.resolve(0);
    return this.enqueue(mergeGroup(group), check);
  }

  /** Queue a fetch; resolves once it ended, with the patches it applied (FETCH_FAILED: none,
   * the fetch failed or timed out). */
  enqueue(request: FetchRequest, check = false): Promise<number> {
    if (this.stopper.signal.aborted) return Promise.resolve(0);
    return new Promise((resolve) => {
      const same = this.queue.find(
        (j) => j.request.id === request.id && j.request.maxDepth === request.maxDepth,
      );
      if (same !== undefined) {
        same.done.push(resolve);
        same.check ||= check;
        if (request.urgent === true && same.request.urgent !== true) {
          same.request = { ...same.request, urgent: true };
          this.queue.splice(this.queue.indexOf(same), 1);
          this.queue.splice(this.urgentEnd(), 0, same);
        }
      } else {
        const job: Job = {
          request,
          done: [resolve],
          replay: [],
          overflow: false,
          check,
          queuedAt: performance.now(),
        };
        if (request.urgent === true) this.queue.splice(this.urgentEnd(), 0, job);
        else this.queue.push(job);
      }
      this.pump();
    });
  }

  /** Remember events for in-flight fetches (see the file comment). */
  noteEvents(events: readonly BackendEvent[]): void {
    if (this.running.size === 0) return;
    for (const job of this.running) {
      for (const e of events) {
        if (e.type !== 'property' && e.type !== 'text' && e.type !== 'window.activated') continue;
        if (job.replay.length >= REPLAY_LIMIT) job.overflow = true;
        else job.replay.push(e);
      }
    }
  }

  stop(): void {
    this.stopper.abort();
    clearTimeout(this.holdTimer);
    for (const job of this.queue.splice(0)) for (const d of job.done) d(FETCH_FAILED);
  }

  private pump(): void {
    while (this.running.size < this.options.concurrency) {
      const index = this.queue.findIndex(
        (job) => !this.overlapsRunning(job.request) && !this.yieldsToUrgent(job),
      );
      if (index < 0) {
        if (this.queue.some((job) => this.yieldsToUrgent(job))) this.pumpLater();
        return;
      }
      const [job] = this.queue.splice(index, 1) as [Job];
      this.running.add(job);
      void this.run(job);
    }
  }

  /**
   * An ordinary re-read waits while an urgent read (a desktop re-list, a new window's contents)
   * runs or waits: an app answers its calls one at a time and the calls already sent to it go
   * before any urgent one, so a window re-read started beside a new window's read delays its
   * announcement by about the whole re-read. Bounded by URGENT_ALONE_MAX_MS.
   */
  private yieldsToUrgent(job: Job): boolean {
    if (job.request.urgent === true) return false;
    if (performance.now() - job.queuedAt >= URGENT_ALONE_MAX_MS) return false;
    for (const running of this.running) if (running.request.urgent === true) return true;
    return this.queue.some((queued) => queued.request.urgent === true);
  }

  private pumpLater(): void {
    if (this.holdTimer !== undefined || this.stopper.signal.aborted) return;
    this.holdTimer = setTimeout(() => {
      this.holdTimer = undefined;
      this.pump();
    }, URGENT_ALONE_MAX_MS);
    this.holdTimer.unref();
  }

  /** Where the next urgent job goes: after the urgent ones already queued, in their order. */
  private urgentEnd(): number {
    const index = this.queue.findIndex((job) => job.request.urgent !== true);
    return index < 0 ? this.queue.length : index;
  }

  /**
   * A re-list of the desktop's top level reads only the windows' own nodes, not their
   * subtrees: it may run beside window fetches (a new window must not wait for a busy one's
   * re-read); a whole-desktop fetch may not.
   */
  private overlapsRunning(request: FetchRequest): boolean {
    const root = this.options.rootId();
    const wide = (r: FetchRequest): boolean => r.key === root && r.maxDepth === undefined;
    for (const job of this.running) {
      if (job.request.key === request.key) return true;
      if (wide(job.request) || wide(request)) return true;
    }
    return false;
  }

  private async run(job: Job): Promise<void> {
    const { backend, timeoutMs, apply } = this.options;
    const { id, maxDepth } = job.request;
    const deadline = job.request.deadlineMs ?? timeoutMs;
    // An own timer rather than AbortSignal.timeout: the deadline must fire even if nothing
    // else holds a reference to the combined signal.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new TimeoutError(`fetch of ${id} exceeded ${deadline} ms`)),
      deadline,
    );
    const onStop = (): void => controller.abort(this.stopper.signal.reason);
    this.stopper.signal.addEventListener('abort', onStop, { once: true });
    const signal = controller.signal;
    let retry = false;
    let patches = FETCH_FAILED;
    this.fetches++;
    try {
      const options: FetchOptions = maxDepth === undefined ? { signal } : { signal, maxDepth };
      if (job.request.urgent === true) options.urgent = true;
      const nodes = await raceSignal(backend.fetchSubtree(id, options), signal);
      if (!this.stopper.signal.aborted) {
        const input: CacheInput = { kind: 'fetched', nodes, replay: job.replay };
        if (maxDepth !== undefined) input.depth = maxDepth;
        patches = apply(input, job.check);
      }
    } catch (err) {
      if (err instanceof ElementStaleError && !this.stopper.signal.aborted)
        patches = apply({ kind: 'stale', id }, job.check);
      else {
        this.failures++;
        // One more attempt for a failed or timed-out fetch (flaky apps), then give up: the
        // next event, refresh or drift check for that window asks again.
        if (!job.request.retried && !this.stopper.signal.aborted) retry = true;
      }
    } finally {
      clearTimeout(timer);
      this.stopper.signal.removeEventListener('abort', onStop);
      this.running.delete(job);
      if (job.overflow) void this.enqueue(job.request);
      if (retry) void this.enqueue({ ...job.request, retried: true }, job.check);
      for (const d of job.done) d(patches);
      this.pump();
      this.options.settled();
    }
  }
}

/**
 * One request for a coalesced group: the single request when they all agree, else the whole
 * window (for the root: a full fetch if any asked for one, else the top-level relist).
 */
export function mergeGroup(group: readonly FetchRequest[]): FetchRequest {
  const first = group[0] as FetchRequest;
  if (group.every((r) => r.id === first.id)) {
    const full = group.some((r) => r.maxDepth === undefined);
    if (full) return { id: first.id, key: first.key };
    return { ...first, maxDepth: Math.max(...group.map((r) => r.maxDepth ?? 0)) };
  }
  const rootFull = group.find((r) => r.id === r.key && r.maxDepth === undefined);
  if (rootFull !== undefined) return rootFull;
  const isRootKey = group.some((r) => r.id === r.key && r.maxDepth !== undefined);
  if (isRootKey) return { id: first.key, key: first.key, maxDepth: 1 };
  return { id: first.key, key: first.key };
}
