/**
 * A snapshot that arrives in parts (`snapshotPart` messages, then the `snapshot` that ends
 * them): each part's nodes are held as it comes, so the server builds the tree while the app
 * still describes and sends the rest, and the closing message only adds its own nodes.
 */
import type {
  ProviderNodeId,
  ProviderSnapshot,
  ProviderSnapshotPart,
} from '../../../protocol/src/index.js';
import { PROVIDER_MAX_NODES } from '../../../protocol/src/index.js';
import { hold, type HeldNode } from './held.js';

export interface SnapshotParts {
  readonly seq: number;
  /** The part number expected next. */
  next: number;
  readonly nodes: Map<ProviderNodeId, HeldNode>;
  /** The window (root) each node so far is under, as far as its parents came first. */
  readonly windowOf: Map<ProviderNodeId, ProviderNodeId>;
  /** No node id came twice so far: each id's held node is the one it was first held as. */
  once: boolean;
  /**
   * Set by the snapshot that took these parts over when its own nodes repeat no id either:
   * every node held while the parts came is the one its final tree holds (stagedOrder.ts).
   */
  whole: boolean;
}

/** One part's nodes by the window they are under (nodes whose parent came later: none). */
export type PartByWindow = Map<ProviderNodeId, HeldNode[]>;

/** Takes one part in (in place); a part 0 starts over. Answers the problem, if any. */
export function addPart(
  parts: SnapshotParts | null,
  part: ProviderSnapshotPart,
): { ok: true; parts: SnapshotParts; byWindow: PartByWindow } | { ok: false; reason: string } {
  const into: SnapshotParts | null =
    part.part === 0
      ? { seq: part.seq, next: 0, nodes: new Map(), windowOf: new Map(), once: true, whole: false }
      : parts;
  if (into === null || into.seq !== part.seq || into.next !== part.part) {
    return { ok: false, reason: `snapshot part ${part.part} of seq ${part.seq} is out of order` };
  }
  const byWindow: PartByWindow = new Map();
  for (const node of part.nodes) {
    const held = hold(node);
    const size = into.nodes.size;
    // The size tells a repeated id without a lookup of its own.
    if (into.nodes.set(node.id, held).size === size) into.once = false;
    const win = node.parentId === null ? node.id : into.windowOf.get(node.parentId);
    if (win === undefined) continue;
    into.windowOf.set(node.id, win);
    const group = byWindow.get(win);
    if (group === undefined) byWindow.set(win, [held]);
    else group.push(held);
  }
  if (into.nodes.size > PROVIDER_MAX_NODES) {
    return { ok: false, reason: `more than ${PROVIDER_MAX_NODES} nodes` };
  }
  into.next++;
  return { ok: true, parts: into, byWindow };
}

/**
 * Every node of `snap`: its parts' (their map, taken over: the parts are done with) and its
 * own. A reason instead when the parts it names did not all come.
 */
export function snapshotNodes(
  snap: ProviderSnapshot,
  parts: SnapshotParts | null,
): Map<ProviderNodeId, HeldNode> | string {
  const expected = snap.parts ?? 0;
  let nodes = new Map<ProviderNodeId, HeldNode>();
  if (expected > 0) {
    if (parts === null || parts.seq !== snap.seq || parts.next !== expected) {
      return `the snapshot names ${expected} parts; ${parts?.next ?? 0} came`;
    }
    nodes = parts.nodes;
  }
  const size = nodes.size;
  for (const node of snap.nodes) nodes.set(node.id, hold(node));
  if (parts !== null && expected > 0)
    parts.whole = parts.once && nodes.size === size + snap.nodes.length;
  if (nodes.size > PROVIDER_MAX_NODES) return `more than ${PROVIDER_MAX_NODES} nodes`;
  return nodes;
}
