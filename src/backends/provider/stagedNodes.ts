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

interface Made {
  readonly held: HeldNode;
  readonly node: BackendNode;
}

export class StagedNodes {
  /** Per session: the nodes made so far, and the windows they were staged for. */
  private readonly sessions = new Map<
    string,
    { made: Map<ProviderNodeId, Made>; windows: Set<ProviderNodeId> }
  >();

  /** The `window.staged` event for a part's nodes of one new window. */
  stage(
    s: ProviderSession,
    window: ProviderNodeId,
    held: HeldNode[],
    rootId: BackendId,
  ): BackendEvent {
    let staged = this.sessions.get(s.id);
    if (staged === undefined) {
      staged = { made: new Map(), windows: new Set() };
      this.sessions.set(s.id, staged);
    }
    staged.windows.add(window);
    const nodes = toBackendNodes(s, held, rootId);
    for (let i = 0; i < held.length; i++) {
      staged.made.set((held[i] as HeldNode).id, {
        held: held[i] as HeldNode,
        node: nodes[i] as BackendNode,
      });
    }
    return { type: 'window.staged', id: providerId(s.id, window), nodes };
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
