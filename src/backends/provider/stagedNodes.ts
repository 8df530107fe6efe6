/**
 * Provider nodes in the backend's form, made as a snapshot's parts arrive: the nodes of a window
 * not opened yet go to the cache as `window.staged` while the app still describes the rest, and
 * the `window.opened` that ends the snapshot hands over the very same node objects (the cache
 * knows them by identity and skips what it already did for them). Only new windows' nodes are
 * held, and only until their snapshot ends or the provider goes.
 */
import type { ProviderNodeId } from '../../../protocol/src/index.js';
import type { BackendEvent, BackendId, BackendNode } from '../backend.js';
import { propsOf, type HeldNode } from './held.js';
import { providerId } from './providerIds.js';
import type { ProviderSession } from './providerSession.js';
import { subtreeOf } from './providerTree.js';
import type { SnapshotParts } from './snapshotParts.js';
import { StagedOrder, type Made } from './stagedOrder.js';

interface Staging {
  /** The snapshot's parts these were made from; another one (a part 0) starts over. */
  parts: SnapshotParts;
  made: Map<ProviderNodeId, Made>;
  orders: Map<ProviderNodeId, StagedOrder>;
  /** Every window staged for, across restarts: each one ends with the snapshot. */
  readonly windows: Set<ProviderNodeId>;
}

export class StagedNodes {
  private readonly sessions = new Map<string, Staging>();

  /** The `window.staged` event for a part's nodes of one new window. */
  stage(
    s: ProviderSession,
    window: ProviderNodeId,
    held: HeldNode[],
    rootId: BackendId,
    parts: SnapshotParts,
  ): BackendEvent {
    const staged = this.staging(s, parts);
    staged.windows.add(window);
    const nodes = toBackendNodes(s, held, rootId);
    for (let i = 0; i < held.length; i++) {
      staged.made.set((held[i] as HeldNode).id, {
        held: held[i] as HeldNode,
        node: nodes[i] as BackendNode,
      });
    }
    let order = staged.orders.get(window);
    if (order === undefined) staged.orders.set(window, (order = new StagedOrder(window)));
    order.advance(staged.made);
    return { type: 'window.staged', id: providerId(s.id, window), nodes };
  }

  /**
   * The nodes of the new window `window`, in pre-order, to hand over with its `window.opened`:
   * the staged order when the snapshot held each node once, else a walk of the tree.
   */
  opened(s: ProviderSession, window: ProviderNodeId, rootId: BackendId): BackendNode[] {
    const staged = this.sessions.get(s.id);
    const order = staged?.orders.get(window);
    if (staged !== undefined && order !== undefined && staged.parts.whole) {
      const make = (h: HeldNode) => toBackendNodes(s, [h], rootId)[0] as BackendNode;
      const nodes = order.finish(s.tree.nodes, staged.made, make);
      if (nodes !== undefined) return nodes;
    }
    return this.nodesOf(s, subtreeOf(s.tree, window, undefined), rootId);
  }

  private staging(s: ProviderSession, parts: SnapshotParts): Staging {
    let staged = this.sessions.get(s.id);
    if (staged === undefined) {
      staged = { parts, made: new Map(), orders: new Map(), windows: new Set() };
      this.sessions.set(s.id, staged);
    } else if (staged.parts !== parts) {
      Object.assign(staged, { parts, made: new Map(), orders: new Map() });
    }
    return staged;
  }

  /** `held` in the backend's form: the staged node where it was made from the same one. */
  nodesOf(s: ProviderSession, held: HeldNode[], rootId: BackendId): BackendNode[] {
    const made = this.sessions.get(s.id)?.made;
    if (made === undefined) return toBackendNodes(s, held, rootId);
    const out = toBackendNodes(s, held, rootId, (h) => {
      const m = made.get(h.id);
      return m !== undefined && m.held === h ? m.node : undefined;
    });
    return out;
  }

  /** The session's snapshot ended (or the session did): the windows staged for it, forgotten. */
  end(s: ProviderSession): ProviderNodeId[] {
    const staged = this.sessions.get(s.id);
    this.sessions.delete(s.id);
    return staged === undefined ? [] : [...staged.windows];
  }
}

export function toBackendNodes(
  s: ProviderSession,
  nodes: HeldNode[],
  rootId: BackendId,
  ready: (n: HeldNode) => BackendNode | undefined = () => undefined,
): BackendNode[] {
  const prefix = providerId(s.id, '');
  const owner = s.hello === null ? {} : { pid: s.hello.pid, app: s.hello.app };
  // A loop, not spreads: a new window of a provider is thousands of nodes in one event.
  const out: BackendNode[] = new Array<BackendNode>(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i] as HeldNode;
    const made = ready(n);
    if (made !== undefined) {
      out[i] = made;
      continue;
    }
    const props = propsOf(n) as BackendNode['props'];
    if (owner.pid !== undefined) props.pid = owner.pid;
    if (owner.app !== undefined) props.app = owner.app;
    out[i] = {
      id: prefix + n.id,
      parentId: n.parentId === null ? rootId : prefix + n.parentId,
      children: n.children.map((c) => prefix + c),
      props,
    };
  }
  return out;
}
