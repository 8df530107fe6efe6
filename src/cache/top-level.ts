/**
 * Top-level windows that come or go without the usual re-list: one the window system unmapped,
 * and one whose backend handed over its whole subtree with the announcement.
 */
import type { Patch } from '../../protocol/src/index.js';
import type { BackendId, BackendNode } from '../backends/backend.js';
import { adoptWindow, removeSubtree } from './diff.js';
import { expireOpening } from './opening.js';
import type { ReduceResult } from './reduce-result.js';
import { requestFetch } from './refetch.js';
import { adoptStaged } from './staged-adopt.js';
import { unlinkStaged } from './staging.js';
import type { TreeState } from './tree.js';

/**
 * Remove a top-level window without a fetch: the window system unmapped it, and the re-list
 * that confirms it waits for its app, which may be busy for a while (destroying it).
 */
export function removeTopLevel(state: TreeState, id: BackendId, out: Patch[]): void {
  const node = state.byId.get(id);
  const root = state.root;
  if (node === undefined || root === null || node.parent !== root) return;
  // It was on screen: a window that closes before its contents were read still opened.
  if (node.window !== null) expireOpening(state, node.window, out);
  removeSubtree(state, node, out);
  out.push({ op: 'update', ref: root.ref, props: { childCount: root.children.length } });
}

/**
 * Take in a new window read whole with its `window.opened` (an in-app provider's snapshot):
 * a re-list and a second read of thousands of nodes would only find what is here. When the
 * nodes staged and linked as they came (staging.ts) are the ones handed over, adoption only
 * indexes them (staged-adopt.ts); otherwise they are used where they are the same. Answers
 * false, changing nothing, when the nodes do not describe a new window under the desktop root
 * (the caller re-lists instead).
 */
export function addTopLevel(
  state: TreeState,
  nodes: readonly BackendNode[],
  result: ReduceResult,
): boolean {
  const top = nodes[0];
  const root = state.root;
  if (top === undefined || root === null || top.parentId !== root.id) return false;
  if (state.byId.has(top.id)) return false;
  // Refs from before a reset come back by stable key: what was staged before it is not used.
  const staged =
    state.remap !== null && state.remap.size > 0 ? undefined : state.staging.get(top.id);
  if (staged !== undefined && adoptStaged(state, staged, nodes, result.patches)) return true;
  if (staged !== undefined) unlinkStaged(staged);
  const outcome = adoptWindow(state, nodes, result.patches, staged);
  for (const id of outcome.needFetch) requestFetch(state, id, result);
  return true;
}

/**
 * Windows a listing just brought that the window system had unmapped before it was applied
 * (recently-closed.ts): they were on screen, so each is announced opened (partial) and closed.
 */
export function closeRecentlyUnmapped(state: TreeState, result: ReduceResult): void {
  const gone = state.recentlyClosed.takeUnmapped((id) => {
    const node = state.byId.get(id);
    return node !== undefined && state.isWindow(node);
  });
  if (gone.length === 0) return;
  for (const id of gone) removeTopLevel(state, id, result.patches);
  // The reads of their contents this listing asked for would find nothing.
  const held = result.fetch.filter((request) => state.byId.has(request.id));
  result.fetch.splice(0, result.fetch.length, ...held);
}

/**
 * The window system unmapped a window the cache does not hold: if the cache told it closed
 * lately, the unmap only confirms that; if a listing dropped it lately while it was held
 * unannounced, it was on screen, and is told opened (partial) and closed; otherwise the unmap
 * is remembered for a listing that may still bring it.
 */
export function closeUnlisted(state: TreeState, id: BackendId, result: ReduceResult): void {
  if (state.recentlyClosed.takeToldClosed(id)) return;
  const window = state.recentlyClosed.takeDropped(id);
  if (window === undefined) return state.recentlyClosed.noteUnmapped(id);
  result.patches.push(
    { op: 'window.opened', window, partial: true },
    { op: 'window.closed', window: window.ref, title: window.title },
  );
}
