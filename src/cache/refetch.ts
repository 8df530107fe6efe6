/**
 * The re-reads a reducer step asks for: a window's subtree, the desktop's top level, or a
 * parent on evidence of a lost structure event. Requests are keyed by window so the store can
 * coalesce them.
 */
import type { BackendId } from '../backends/backend.js';
import type { FetchRequest, ReduceResult } from './reduce-result.js';
import type { TreeState } from './tree.js';

/**
 * A structure change with no usable id: re-list the desktop's top level (finds opened and
 * closed windows; windows whose child list changed are re-fetched from there) and re-fetch the
 * window the user works in. Never a desktop-wide walk.
 */
export function repairWithoutDetails(state: TreeState, result: ReduceResult): void {
  relist(state, result, false);
  const win = state.foreground ?? (state.focused === null ? null : state.windowOf(state.focused));
  if (win !== null) requestFetch(state, win.id, result);
}

/**
 * An event about an element the cache does not hold, under a parent it holds: the parent's
 * children changed and the event saying so was lost. Re-read that parent.
 */
export function reconcileUnknown(
  state: TreeState,
  parentId: BackendId | undefined,
  result: ReduceResult,
): void {
  if (parentId !== undefined && state.byId.has(parentId))
    requestEvidenceFetch(state, parentId, result);
}

export function requestEvidenceFetch(state: TreeState, id: BackendId, result: ReduceResult): void {
  const before = result.fetch.length;
  requestFetch(state, id, result);
  for (const request of result.fetch.slice(before)) request.evidence = true;
}

/**
 * Re-read the desktop's top level. Urgent when a window is known to have come or gone (its
 * announcement waits for this); a repair on weaker evidence keeps the quiet period, which
 * merges the bursts a new window's own events bring.
 */
export function relist(state: TreeState, result: ReduceResult, urgent = true): void {
  if (state.root === null) return;
  const request: FetchRequest = { id: state.root.id, key: state.root.id, maxDepth: 1 };
  if (urgent) request.urgent = true;
  result.fetch.push(request);
}

/** Whether `windowId` is a new window held unannounced until its contents are read. */
export function holdsOpening(state: TreeState, windowId: BackendId): boolean {
  const win = state.byId.get(windowId);
  return win !== undefined && state.opening.has(win);
}

export function requestFetch(
  state: TreeState,
  id: BackendId,
  result: ReduceResult,
  maxDepth?: number,
): void {
  const node = state.byId.get(id);
  if (node === undefined) return;
  if (node === state.root) {
    relist(state, result);
    return;
  }
  const win = state.windowOf(node);
  const request: FetchRequest = { id, key: (win ?? node).id };
  if (maxDepth !== undefined) request.maxDepth = maxDepth;
  result.fetch.push(request);
}
