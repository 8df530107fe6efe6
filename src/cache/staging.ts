/**
 * A new window's nodes made ready before the window is announced (BackendEvent
 * `window.staged`): an in-app provider sends a large window's snapshot in parts, and copying
 * each part's properties, minting its refs and linking each node under its parent as it arrives
 * leaves the `window.opened` that ends the snapshot only the indexing (staged-adopt.ts).
 * Staged nodes are under no parent the tree holds and in no index, so no read sees any of them
 * before the whole window is adopted, in one step (top-level.ts).
 */
import type { BackendId, BackendNode } from '../backends/backend.js';
import { cachedNode, type CachedNode, type TreeState } from './tree.js';

export interface Staged {
  readonly source: BackendNode;
  readonly node: CachedNode;
}

export interface StagedWindow {
  readonly windowRef: string;
  /** By backend id: the node as the backend sent it, and the cached node made from it. */
  readonly nodes: Map<BackendId, Staged>;
  /**
   * The nodes linked so far, in pre-order from the window, each in its parent's children: the
   * tree as a fetch of the window would build it, as far as its nodes came.
   */
  readonly linked: Staged[];
  /** Children still to link, the next one last: its parent and its id. */
  readonly todo: [CachedNode, BackendId][];
  /** Linking gave up (a children list repeats an id): adoption builds the window anew. */
  stuck: boolean;
}

/** Make `nodes` of the window `id` ready, unseen. A window the cache holds is not staged. */
export function stageNodes(state: TreeState, id: BackendId, nodes: readonly BackendNode[]): void {
  // After a reset, refs are matched by stable keys when the window is read: nothing to mint.
  if (state.byId.has(id) || (state.remap !== null && state.remap.size > 0)) return;
  let staged = state.staging.get(id);
  if (staged === undefined) {
    const windowRef = state.mintWindowRef();
    staged = { windowRef, nodes: new Map(), linked: [], todo: [], stuck: false };
    state.staging.set(id, staged);
  }
  for (const source of nodes) {
    const node = cachedNode(source, state.mintRef(), null, staged.windowRef);
    staged.nodes.set(source.id, { source, node });
  }
  linkStaged(staged, id);
}

/**
 * Link what came since the last call, in pre-order, until a node whose turn it is has not come
 * yet (the backend sends parents first, so that is usually the end of what came).
 */
export function linkStaged(staged: StagedWindow, windowId: BackendId): void {
  if (staged.stuck) return;
  if (staged.linked.length === 0) {
    const top = staged.nodes.get(windowId);
    if (top === undefined) return;
    staged.linked.push(top);
    pushChildren(staged, top);
  }
  const { nodes, todo, linked } = staged;
  while (todo.length > 0 && !staged.stuck) {
    const [parent, childId] = todo[todo.length - 1] as [CachedNode, BackendId];
    const child = nodes.get(childId);
    if (child === undefined) return;
    todo.pop();
    // An id met twice in the window: the tree a fetch builds has it once, so build anew.
    if (child.node.parent !== null || child === linked[0]) {
      staged.stuck = true;
      return;
    }
    child.node.parent = parent;
    parent.children.push(child.node);
    linked.push(child);
    pushChildren(staged, child);
  }
}

function pushChildren(staged: StagedWindow, entry: Staged): void {
  const ids = entry.source.children;
  for (let i = ids.length - 1; i >= 0; i--) staged.todo.push([entry.node, ids[i] as BackendId]);
}

/** Undo the linking: the window is built from its nodes one by one after all. */
export function unlinkStaged(staged: StagedWindow): void {
  for (const { node } of staged.linked) {
    node.parent = null;
    node.children = [];
  }
  staged.linked.length = 0;
  staged.todo.length = 0;
  staged.stuck = true;
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
