/**
 * Event-driven waiting on the cache. A wait checks its condition once, then again on every
 * patch batch the cache emits (the cache updates its state before emitting), so it resolves in
 * the same turn as the change that satisfies it. Nothing here ever calls the backend.
 */
import { Subscription } from 'rxjs';
import type { Patch, PatchBatch } from '../../protocol/src/index.js';
import type { UiCache } from '../cache/api.js';
import { abortError } from '../errors.js';

/**
 * Resolve with the first defined value of `evaluate`, checked now (without a batch) and after
 * every patch batch (given that batch).
 * Resolves undefined when `limitMs` passes first; rejects with the typed abort error when
 * `signal` fires.
 */
export function waitForValue<T>(
  cache: UiCache,
  evaluate: (batch?: PatchBatch) => T | undefined,
  signal: AbortSignal,
  limitMs: number,
): Promise<T | undefined> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  const first = evaluate();
  if (first !== undefined || limitMs <= 0) return Promise.resolve(first);
  return new Promise<T | undefined>((resolve, reject) => {
    const subscription = new Subscription();
    const finish = (outcome: () => void): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      subscription.unsubscribe();
      outcome();
    };
    const onAbort = (): void => finish(() => reject(abortError(signal)));
    const timer = setTimeout(() => finish(() => resolve(undefined)), limitMs);
    signal.addEventListener('abort', onAbort, { once: true });
    subscription.add(
      cache.patches$.subscribe((batch) => {
        let value: T | undefined;
        try {
          value = evaluate(batch);
        } catch (err) {
          finish(() => reject(err instanceof Error ? err : new Error(String(err))));
          return;
        }
        if (value !== undefined) finish(() => resolve(value));
      }),
    );
  });
}

/** Records every patch batch from now on, until stopped. */
export interface PatchRecorder {
  readonly batches: readonly PatchBatch[];
  /**
   * Resolve once `quietMs` passed with no batch `relevant` accepts, `maxMs` passed in all (a
   * storm of relevant patches never goes quiet), or `signal` fires.
   */
  quiet(
    quietMs: number,
    relevant: (patch: Patch) => boolean,
    signal: AbortSignal,
    maxMs?: number,
  ): Promise<void>;
  stop(): void;
}

export function recordPatches(cache: UiCache): PatchRecorder {
  const batches: PatchBatch[] = [];
  let onBatch: ((batch: PatchBatch) => void) | undefined;
  const subscription = cache.patches$.subscribe((batch) => {
    batches.push(batch);
    onBatch?.(batch);
  });
  return {
    batches,
    quiet(quietMs, relevant, signal, maxMs = Infinity) {
      if (quietMs <= 0 || signal.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          clearTimeout(cap);
          onBatch = undefined;
          signal.removeEventListener('abort', done);
          resolve();
        };
        let timer = setTimeout(done, quietMs);
        const cap = Number.isFinite(maxMs) ? setTimeout(done, Math.max(maxMs, quietMs)) : undefined;
        onBatch = (batch) => {
          if (!batch.patches.some(relevant)) return;
          clearTimeout(timer);
          timer = setTimeout(done, quietMs);
        };
        signal.addEventListener('abort', done, { once: true });
      });
    },
    stop: () => subscription.unsubscribe(),
  };
}

/**
 * Whether a patch concerns `windowRef`: changes to its elements, and window-level changes
 * anywhere (a dialog opening, focus moving), which an action commonly causes.
 */
export function touchesWindow(cache: UiCache, windowRef: string | null, patch: Patch): boolean {
  switch (patch.op) {
    case 'window.opened':
    case 'window.closed':
    case 'window.activated':
    case 'focus':
      return true;
    case 'add':
      return windowRef === null || patch.nodes[0]?.window === windowRef;
    case 'update':
      return windowRef === null || windowOf(cache, patch.ref) === windowRef;
    case 'remove':
    case 'reorder':
      return (
        windowRef === null || patch.parent === null || windowOf(cache, patch.parent) === windowRef
      );
  }
}

function windowOf(cache: UiCache, ref: string): string | null | undefined {
  return cache.node(ref)?.window;
}

/**
 * Wait (up to `limitMs`) until the windows the recorded patches added are announced: the cache
 * holds a new window back until its contents are cached, and that `window.opened` is part of
 * what the action caused. Resolves whether anything had to be waited for.
 */
export async function untilWindowsAnnounced(
  cache: UiCache,
  batches: readonly PatchBatch[],
  signal: AbortSignal,
  limitMs: number,
): Promise<boolean> {
  const added = batches.flatMap((b) => b.patches.flatMap((p) => (p.op === 'add' ? p.nodes : [])));
  const pending = [...new Set(added.map((n) => n.window))].filter(
    (ref): ref is string => ref !== null && cache.windowOpening(ref),
  );
  if (pending.length === 0) return false;
  const announced = (): true | undefined =>
    pending.every((ref) => !cache.windowOpening(ref)) ? true : undefined;
  // A deadline or cancellation ends the wait like it ends the settle period: quietly.
  await waitForValue(cache, announced, signal, limitMs).catch(() => undefined);
  return true;
}
