/**
 * A mirrored subtree: built from the nodes of `tree.subscribe` and kept exact by applying
 * `tree.patch` batches in order.
 */
import type { ElementNode, Patch, TreeNode } from '../../protocol/src/index.js';

export class TreeMirror {
  private readonly nodes = new Map<string, ElementNode>();
  private readonly children = new Map<string, string[]>();

  constructor(
    readonly root: string,
    initial: readonly ElementNode[],
    public revision: number,
  ) {
    for (const node of initial) this.insert(node);
  }

  private insert(node: ElementNode, index?: number): void {
    this.nodes.set(node.ref, { ...node });
    this.children.set(node.ref, []);
    if (node.ref === this.root || node.parent === null) return;
    const siblings = this.children.get(node.parent);
    if (siblings === undefined) return;
    if (index === undefined) siblings.push(node.ref);
    else siblings.splice(index, 0, node.ref);
  }

  get size(): number {
    return this.nodes.size;
  }

  node(ref: string): ElementNode | undefined {
    return this.nodes.get(ref);
  }

  apply(patches: readonly Patch[], revision: number): void {
    for (const patch of patches) this.applyOne(patch);
    this.revision = revision;
  }

  private applyOne(patch: Patch): void {
    switch (patch.op) {
      case 'add': {
        if (patch.parent === null || !this.nodes.has(patch.parent)) return;
        patch.nodes.forEach((node, i) => this.insert(node, i === 0 ? patch.index : undefined));
        return;
      }
      case 'remove': {
        for (const ref of patch.refs) {
          this.nodes.delete(ref);
          this.children.delete(ref);
        }
        if (patch.parent === null) return;
        const siblings = this.children.get(patch.parent);
        if (siblings !== undefined)
          this.children.set(
            patch.parent,
            siblings.filter((r) => r !== patch.ref),
          );
        return;
      }
      case 'reorder':
        if (this.children.has(patch.parent)) {
          this.children.set(
            patch.parent,
            patch.children.filter((r) => this.nodes.has(r)),
          );
        }
        return;
      case 'update': {
        const node = this.nodes.get(patch.ref);
        if (node !== undefined) this.nodes.set(patch.ref, { ...node, ...patch.props });
        return;
      }
      default:
        // Focus and window patches are also visible as state updates of the nodes.
        return;
    }
  }

  /** Pre-order list of the mirrored nodes (the order tree.subscribe uses). */
  list(): ElementNode[] {
    const out: ElementNode[] = [];
    const stack = [this.root];
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

  /** The mirror as a nested tree (a fresh copy; the caller may keep it). */
  toTree(): TreeNode | null {
    const build = (ref: string): TreeNode | null => {
      const node = this.nodes.get(ref);
      if (node === undefined) return null;
      const kids = (this.children.get(ref) ?? [])
        .map(build)
        .filter((n): n is TreeNode => n !== null);
      return { ...node, children: kids };
    };
    return build(this.root);
  }
}
