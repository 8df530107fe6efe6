/**
 * One provider app's tree as the server holds it: the provider's snapshot and deltas applied
 * to a state, with the changes to announce, in the provider's own node ids. The composite
 * backend maps those ids and changes onto BackendEvents.
 *
 * The cache holds the full copy; this one is what fetches are answered from, so it is kept
 * compact (held.ts): lists shared, no per-message copy of the map. A delta is applied in place
 * (a gap is found before anything changes; any other refusal closes the provider, so a half
 * applied state is never read).
 */
import type {
  ProviderDelta,
  ProviderNode,
  ProviderNodeId,
  ProviderSnapshot,
} from '../../../protocol/src/index.js';
import { PROVIDER_MAX_NODES } from '../../../protocol/src/index.js';
import { hold, sameChildren, sameProps, type HeldNode } from './held.js';
import { snapshotNodes, type SnapshotParts } from './snapshotParts.js';

export interface ProviderTreeState {
  readonly nodes: Map<ProviderNodeId, HeldNode>;
  readonly windows: readonly ProviderNodeId[];
  readonly focus: ProviderNodeId | null;
  /** The last sequence number applied; -1 before the first snapshot. */
  readonly seq: number;
}

/** What changed, for the backend's events. */
export type ProviderChange =
  | { kind: 'windowsChanged'; opened: ProviderNodeId[]; closed: ProviderNodeId[] }
  | { kind: 'children'; id: ProviderNodeId }
  | { kind: 'props'; id: ProviderNodeId; node: ProviderNode }
  /** A window that became the active one. */
  | { kind: 'activated'; id: ProviderNodeId }
  | { kind: 'focus'; id: ProviderNodeId | null }
  /** Nodes of a window not opened yet, from a snapshot part: its window opens with the snapshot. */
  | { kind: 'staged'; id: ProviderNodeId; nodes: HeldNode[]; parts: SnapshotParts };

export type ApplyOutcome =
  | { ok: true; state: ProviderTreeState; changes: ProviderChange[] }
  /** The message does not follow the last one: ask for a snapshot. */
  | { ok: false; gap: true; expected: number }
  /** The message is inconsistent or over the limits: the provider is closed. */
  | { ok: false; gap: false; reason: string };

export const EMPTY_TREE: ProviderTreeState = {
  nodes: new Map(),
  windows: [],
  focus: null,
  seq: -1,
};

/** A whole snapshot, with the nodes of the parts that came ahead of it. */
export function applySnapshot(
  prev: ProviderTreeState,
  snap: ProviderSnapshot,
  parts: SnapshotParts | null = null,
): ApplyOutcome {
  const nodes = snapshotNodes(snap, parts);
  if (typeof nodes === 'string') return { ok: false, gap: false, reason: nodes };
  const problem = checkWindows(nodes, snap.windows);
  if (problem !== null) return { ok: false, gap: false, reason: problem };
  const changes: ProviderChange[] = [windowsChange(prev.windows, snap.windows)];
  // Windows that stay are re-read whole: the snapshot may differ anywhere inside them.
  for (const id of snap.windows) if (prev.nodes.has(id)) changes.push({ kind: 'children', id });
  changes.push({ kind: 'focus', id: known(nodes, snap.focus) });
  const state = { nodes, windows: snap.windows, focus: known(nodes, snap.focus), seq: snap.seq };
  return { ok: true, state, changes };
}

export function applyDelta(prev: ProviderTreeState, delta: ProviderDelta): ApplyOutcome {
  if (prev.seq < 0 || delta.seq !== prev.seq + 1) {
    return { ok: false, gap: true, expected: prev.seq + 1 };
  }
  const nodes = prev.nodes;
  const changes: ProviderChange[] = [];
  for (const id of delta.remove) removeSubtree(nodes, id);
  for (const node of delta.upsert) {
    const before = nodes.get(node.id);
    const held = hold(node);
    nodes.set(node.id, held);
    if (before === undefined) continue;
    if (!sameChildren(before.children, held.children))
      changes.push({ kind: 'children', id: node.id });
    if (!sameProps(before, held)) changes.push({ kind: 'props', id: node.id, node });
    if (node.parentId === null && becameActive(before, held))
      changes.push({ kind: 'activated', id: node.id });
  }
  if (nodes.size > PROVIDER_MAX_NODES) {
    return { ok: false, gap: false, reason: `more than ${PROVIDER_MAX_NODES} nodes` };
  }
  const windows = delta.windows ?? prev.windows.filter((id) => nodes.has(id));
  const problem = checkWindows(nodes, windows);
  if (problem !== null) return { ok: false, gap: false, reason: problem };
  const moved = windowsChange(prev.windows, windows);
  if (moved.opened.length > 0 || moved.closed.length > 0) changes.unshift(moved);
  let focus = prev.focus !== null && nodes.has(prev.focus) ? prev.focus : null;
  if (delta.focus !== undefined) focus = known(nodes, delta.focus);
  if (focus !== prev.focus) changes.push({ kind: 'focus', id: focus });
  return { ok: true, state: { nodes, windows, focus, seq: delta.seq }, changes };
}

/** The subtree below `id`, root first, pre-order, to `maxDepth` levels (all when undefined). */
export function subtreeOf(
  state: ProviderTreeState,
  id: ProviderNodeId,
  maxDepth: number | undefined,
): HeldNode[] {
  const out: HeldNode[] = [];
  const visit = (nodeId: ProviderNodeId, depth: number): void => {
    const node = state.nodes.get(nodeId);
    if (node === undefined) return;
    out.push(node);
    if (maxDepth !== undefined && depth >= maxDepth) return;
    for (const child of node.children) visit(child, depth + 1);
  };
  visit(id, 0);
  return out;
}

function checkWindows(
  nodes: ReadonlyMap<ProviderNodeId, HeldNode>,
  windows: readonly ProviderNodeId[],
): string | null {
  for (const id of windows) {
    const node = nodes.get(id);
    if (node === undefined) return `window ${id} is not among the nodes`;
    if (node.parentId !== null) return `window ${id} has a parent`;
  }
  return null;
}

function windowsChange(
  before: readonly ProviderNodeId[],
  after: readonly ProviderNodeId[],
): ProviderChange & { kind: 'windowsChanged' } {
  const old = new Set(before);
  const now = new Set(after);
  return {
    kind: 'windowsChanged',
    opened: after.filter((id) => !old.has(id)),
    closed: before.filter((id) => !now.has(id)),
  };
}

function removeSubtree(nodes: Map<ProviderNodeId, HeldNode>, id: ProviderNodeId): void {
  const node = nodes.get(id);
  if (node === undefined) return;
  nodes.delete(id);
  for (const child of node.children) removeSubtree(nodes, child);
}

function known(
  nodes: ReadonlyMap<ProviderNodeId, HeldNode>,
  id: ProviderNodeId | null,
): ProviderNodeId | null {
  return id !== null && nodes.has(id) ? id : null;
}

function becameActive(before: HeldNode, after: HeldNode): boolean {
  return !before.states.includes('active') && after.states.includes('active');
}
