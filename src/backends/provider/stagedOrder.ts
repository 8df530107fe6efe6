/**
 * A staged window's nodes in the order a walk of the provider's tree from the window visits
 * them (subtreeOf in providerTree.ts), put together as the snapshot's parts come. The
 * `window.opened` that ends the snapshot hands this list over instead of walking the window's
 * 10,000 nodes again and looking each up among the staged ones: that walk sat in the one step
 * between the app's last message and the window's announcement.
 */
import { PROVIDER_MAX_NODES, type ProviderNodeId } from '../../../protocol/src/index.js';
import type { BackendNode } from '../backend.js';
import type { HeldNode } from './held.js';

export interface Made {
  readonly held: HeldNode;
  readonly node: BackendNode;
}

export class StagedOrder {
  /** The nodes visited so far, in pre-order. */
  private readonly list: BackendNode[] = [];
  /** Ids still to visit, the next one last. */
  private readonly todo: ProviderNodeId[];
  /** Gave up: more nodes than a provider may have (a children list that loops). */
  private stuck = false;

  constructor(window: ProviderNodeId) {
    this.todo = [window];
  }

  /** Visit what came, up to an id whose node has not come yet. */
  advance(made: ReadonlyMap<ProviderNodeId, Made>): void {
    const todo = this.todo;
    while (todo.length > 0 && !this.stuck) {
      const m = made.get(todo[todo.length - 1] as ProviderNodeId);
      if (m === undefined) return;
      todo.pop();
      this.visit(m.held, m.node);
    }
  }

  /**
   * The whole list once the snapshot is whole and held its nodes once each (`nodes`, its
   * tree; every node visited so far is the one it holds). A node not staged is made by
   * `make`; an id not among the nodes is left out, as subtreeOf does. Undefined if it gave up.
   */
  finish(
    nodes: ReadonlyMap<ProviderNodeId, HeldNode>,
    made: ReadonlyMap<ProviderNodeId, Made>,
    make: (held: HeldNode) => BackendNode,
  ): BackendNode[] | undefined {
    const todo = this.todo;
    while (todo.length > 0 && !this.stuck) {
      const id = todo.pop() as ProviderNodeId;
      const held = nodes.get(id);
      if (held === undefined) continue;
      const m = made.get(id);
      this.visit(held, m !== undefined && m.held === held ? m.node : make(held));
    }
    return this.stuck ? undefined : this.list;
  }

  private visit(held: HeldNode, node: BackendNode): void {
    this.list.push(node);
    if (this.list.length > PROVIDER_MAX_NODES) this.stuck = true;
    const children = held.children;
    for (let i = children.length - 1; i >= 0; i--) this.todo.push(children[i] as ProviderNodeId);
  }
}
