/**
 * A patch mirror: what a client does with `subtree()` nodes and the patch stream. Pure and
 * dependency-free, so clients and tests can use it to hold an exact copy of a cached subtree.
 */
import type { ElementNode, Patch } from '../../protocol/src/index.js';

export class TreeMirror {
  readonly nodes = new Map<string, ElementNode>();
  readonly children = new Map<string, string[]>();

  constructor(initial: readonly ElementNode[]) {
    this.insert(initial);
  }

  apply(patches: readonly Patch[]): void {
    for (const patch of patches) this.applyOne(patch);
  }

  /** The mirror in pre-order from `root`. */
  preorder(root: string): ElementNode[] {
    const out: ElementNode[] = [];
    const stack = [root];
    while (stack.length > 0) {
      const ref = stack.pop() as string;
      const node = this.nodes.get(ref);
      if (node === undefined) continue;
      out.push(node);
      const kids = this.children.get(ref) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as string);
    }
    return out;
  }

  private insert(nodes: readonly ElementNode[], index?: number): void {
    nodes.forEach((node, i) => {
      this.nodes.set(node.ref, structuredClone(node));
      if (!this.children.has(node.ref)) this.children.set(node.ref, []);
      if (node.parent === null) return;
      const siblings = this.children.get(node.parent);
      if (siblings === undefined) return;
      if (i === 0 && index !== undefined) siblings.splice(index, 0, node.ref);
      else siblings.push(node.ref);
    });
  }

  private applyOne(patch: Patch): void {
    switch (patch.op) {
      case 'add':
        this.insert(patch.nodes, patch.index);
        return;
      case 'remove': {
        for (const ref of patch.refs) {
          this.nodes.delete(ref);
          this.children.delete(ref);
        }
        if (patch.parent !== null) {
          const siblings = this.children.get(patch.parent);
          if (siblings !== undefined)
            this.children.set(
              patch.parent,
              siblings.filter((r) => r !== patch.ref),
            );
        }
        return;
      }
      case 'reorder':
        if (this.children.has(patch.parent)) this.children.set(patch.parent, [...patch.children]);
        return;
      case 'update': {
        const node = this.nodes.get(patch.ref);
        if (node !== undefined) Object.assign(node, structuredClone(patch.props));
        return;
      }
      default:
        return;
    }
  }
}
