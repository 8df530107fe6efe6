/**
 * Adopting a staged window (staging.ts) whose nodes were linked as they came: when the nodes
 * handed over with its `window.opened` are the very ones linked, in the same pre-order, the
 * tree a fetch would build is already there, and adoption only indexes it and announces it.
 * That keeps the step that ends a provider's 10,000-node snapshot to a few milliseconds, where
 * building it node by node took tens (and many times that on a busy machine).
 */
import type { Patch } from '../../protocol/src/index.js';
import type { BackendId, BackendNode } from '../backends/backend.js';
import { releaseOpened } from './opening.js';
import { linkStaged, type StagedWindow } from './staging.js';
import { cachedNode, type CachedNode, type TreeState } from './tree.js';

/**
 * Answers false, having indexed nothing, when the staged tree is not the one handed over (the
 * caller then builds the window from its nodes).
 */
export function adoptStaged(
  state: TreeState,
  staged: StagedWindow,
  nodes: readonly BackendNode[],
  out: Patch[],
): boolean {
  const top = nodes[0];
  const root = state.root;
  if (top === undefined || root === null || !linkRest(state, staged, nodes, top.id)) return false;
  const { linked } = staged;
  for (const { source } of linked) if (state.byId.has(source.id)) return false;
  const win = (linked[0] as { node: CachedNode }).node;
  win.parent = root;
  root.children.push(win);
  for (const { node } of linked) state.index(node);
  takeFocusAndForeground(state, staged, win, out);
  const elements = linked.map(({ node }) => state.toElement(node));
  out.push({ op: 'add', parent: root.ref, index: root.children.length - 1, nodes: elements });
  // Announced once its contents are cached (see opening.ts): they are, all of them.
  state.opening.add(win);
  out.push({ op: 'update', ref: root.ref, props: { childCount: root.children.length } });
  releaseOpened(state, new Map([[top.id, top]]), [], out);
  return true;
}

/**
 * Stage and link the nodes that came with the announcement itself; true when every node handed
 * over is linked, in the order handed over, and nothing is left to link.
 */
function linkRest(
  state: TreeState,
  staged: StagedWindow,
  nodes: readonly BackendNode[],
  windowId: BackendId,
): boolean {
  const { linked } = staged;
  const before = linked.length;
  if (staged.stuck || before > nodes.length) return false;
  for (let i = 0; i < before; i++)
    if (nodes[i] !== (linked[i] as { source: unknown }).source) return false;
  for (let i = before; i < nodes.length; i++) {
    const source = nodes[i] as BackendNode;
    if (staged.nodes.get(source.id)?.source === source) continue;
    const node = cachedNode(source, state.mintRef(), null, staged.windowRef);
    staged.nodes.set(source.id, { source, node });
  }
  linkStaged(staged, windowId);
  if (staged.stuck || staged.todo.length > 0 || linked.length !== nodes.length) return false;
  for (let i = before; i < nodes.length; i++) {
    if (nodes[i] !== (linked[i] as { source: unknown }).source) return false;
  }
  return true;
}

/** What building the window node by node does on the way (diff.ts makeNode). */
function takeFocusAndForeground(
  state: TreeState,
  staged: StagedWindow,
  win: CachedNode,
  out: Patch[],
): void {
  const focusId = state.pendingFocusId;
  const focused = focusId === null ? undefined : staged.nodes.get(focusId)?.node;
  if (focused !== undefined && state.byId.get(focused.id) === focused) {
    out.push({ op: 'focus', ref: focused.ref, previous: state.focused?.ref ?? null });
    state.focused = focused;
    state.pendingFocusId = null;
  }
  const reportedActive = state.pendingActiveId === win.id;
  if (win.props.states.includes('active') || reportedActive) state.foreground = win;
  if (reportedActive) state.pendingActiveId = null;
}
