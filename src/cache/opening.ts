/**
 * New windows are announced (`window.opened`) only once their contents are cached: a window
 * usually arrives through a shallow re-list of the desktop's top level, and a waiter woken by
 * that would find an empty window. The window is held in `state.opening` until a fetch that
 * covers it leaves nothing in it unfetched, or until the store's deadline, which announces it
 * anyway, flagged `partial`. A held window that goes away again is never announced at all,
 * unless the window system unmapped it (diff.ts removeTopLevel): it was on screen, so it is
 * announced, flagged `partial`, before it closes.
 */
import type { Patch } from '../../protocol/src/index.js';
import type { BackendId, BackendNode } from '../backends/backend.js';
import type { CachedNode, TreeState } from './tree.js';

/** Announce the held windows this fetch filled in completely. */
export function releaseOpened(
  state: TreeState,
  fetched: ReadonlyMap<BackendId, BackendNode>,
  needFetch: readonly BackendId[],
  out: Patch[],
): void {
  if (state.opening.size === 0) return;
  const unfinished = new Set<CachedNode>();
  for (const id of needFetch) {
    const node = state.byId.get(id);
    const win = node === undefined ? null : state.windowOf(node);
    if (win !== null) unfinished.add(win);
  }
  for (const win of [...state.opening]) {
    if (fetched.has(win.id) && !unfinished.has(win)) announce(state, win, false, out);
  }
}

/** The deadline for a held window passed: announce it with what the cache has, flagged. */
export function expireOpening(state: TreeState, windowRef: string, out: Patch[]): void {
  const win = state.windows.get(windowRef);
  if (win !== undefined && state.opening.has(win)) announce(state, win, true, out);
}

function announce(state: TreeState, win: CachedNode, partial: boolean, out: Patch[]): void {
  state.opening.delete(win);
  const window = state.windowInfo(win);
  out.push(partial ? { op: 'window.opened', window, partial } : { op: 'window.opened', window });
}
