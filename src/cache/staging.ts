/**
 * A new window's nodes made ready before the window is announced (BackendEvent
 * `window.staged`): an in-app provider sends a large window's snapshot in parts, and copying
 * each part's properties and minting its refs as it arrives leaves the `window.opened` that ends
 * the snapshot only the linking and indexing. Staged nodes are under no parent and in no index,
 * so no read sees any of them before the whole window is adopted, in one step (top-level.ts).
 */
import type { BackendId, BackendNode } from '../backends/backend.js';
import { cachedNode, type CachedNode, type TreeState } from './tree.js';

export interface StagedWindow {
  readonly windowRef: string;
  /** By backend id: the node as the backend sent it, and the cached node made from it. */
  readonly nodes: Map<BackendId, { readonly source: BackendNode; readonly node: CachedNode }>;
}

/** Make `nodes` of the window `id` ready, unseen. A window the cache holds is not staged. */
export function stageNodes(state: TreeState, id: BackendId, nodes: readonly BackendNode[]): void {
  // After a reset, refs are matched by stable keys when the window is read: nothing to mint.
  if (state.byId.has(id) || (state.remap !== null && state.remap.size > 0)) return;
  let staged = state.staging.get(id);
  if (staged === undefined) {
    staged = { windowRef: state.mintWindowRef(), nodes: new Map() };
    state.staging.set(id, staged);
  }
  for (const source of nodes) {
    const node = cachedNode(source, state.mintRef(), null, staged.windowRef);
    staged.nodes.set(source.id, { source, node });
  }
}

/**
 * The staged node made from this very backend node (the backend hands the same objects over
 * with `window.opened`; any other one is made anew), placed under `parent`.
 */
export function takeStaged(
  staged: StagedWindow | undefined,
  source: BackendNode,
  parent: CachedNode | null,
): CachedNode | undefined {
  const entry = staged?.nodes.get(source.id);
  if (entry === undefined || entry.source !== source || entry.node.parent !== null)
    return undefined;
  entry.node.parent = parent;
  // Below the window, the window's ref: the window itself may have come unstaged, ref anew.
  if (parent !== null && parent.window !== null) entry.node.window = parent.window;
  return entry.node;
}
