/**
 * Re-reads a caller waits for: the window of an acted-on element (`refresh`) and the windows
 * behind a read that asked for fresh data (`confirm`), each as fetch requests for the store's
 * runner, and the wait for them under the caller's signal and a deadline.
 */
import type { Subject } from 'rxjs';
import { abortError, TimeoutError } from '../errors.js';
import type { FetchRequest } from './reducer.js';
import type { CachedNode, TreeState } from './tree.js';

/**
 * The windows a read depends on, by window ref; null: the whole desktop; empty: the desktop's
 * top level alone (the list of windows).
 */
export interface ReadScope {
  windows: string[] | null;
}

/** A re-read of the window of `node` (the desktop's top level for the root). */
export function windowRequest(state: TreeState, node: CachedNode): FetchRequest {
  const win = state.windowOf(node) ?? node;
  return win === state.root
    ? { id: win.id, key: win.id, maxDepth: 1 }
    : { id: win.id, key: win.id };
}

/** Windows re-read for one fresh read at most: a read of more waits for too many apps. */
const MAX_FRESH_WINDOWS = 4;

/** The re-reads that confirm a scope: its windows, or the top level and the window in use. */
export function confirmRequests(
  state: TreeState,
  scope: ReadScope,
  deadlineMs: number,
): FetchRequest[] {
  const root = state.root;
  if (root === null) return [];
  const wins: CachedNode[] = [];
  if (scope.windows === null) {
    const inUse =
      state.foreground ?? (state.focused === null ? null : state.windowOf(state.focused));
    if (inUse !== null) wins.push(inUse);
  } else {
    for (const ref of scope.windows) {
      const win = state.windows.get(ref);
      if (win !== undefined && wins.length < MAX_FRESH_WINDOWS) wins.push(win);
    }
  }
  const requests: FetchRequest[] = wins.map((w) => ({ id: w.id, key: w.id, deadlineMs }));
  if (scope.windows === null || scope.windows.length === 0)
    requests.unshift({ id: root.id, key: root.id, maxDepth: 1, deadlineMs });
  return requests.map((r) => ({ ...r, retried: true }));
}

/** Wait for `work` under the caller's signal and, when given, a deadline (then `timeout`). */
export function untilSettled(
  work: Promise<unknown>,
  signal: AbortSignal,
  deadlineMs?: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError(signal));
    const timer =
      deadlineMs === undefined
        ? undefined
        : setTimeout(() => {
            done();
            reject(new TimeoutError(`the re-read did not finish within ${deadlineMs} ms`));
          }, deadlineMs);
    const onAbort = (): void => {
      done();
      reject(abortError(signal));
    };
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(() => {
      done();
      resolve();
    });
  });
}

/** Resolve once `quiet()` holds, checked whenever `activity` ticks (it is ticked once here). */
export function untilQuiet(
  activity: Subject<void>,
  quiet: () => boolean,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      sub.unsubscribe();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      done();
      reject(abortError(signal));
    };
    const sub = activity.subscribe(() => {
      if (!quiet()) return;
      done();
      resolve();
    });
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    activity.next();
  });
}
