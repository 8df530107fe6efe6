/**
 * The patch mirror: what a client does with the nodes of `tree.subscribe` and the `tree.patch`
 * stream. Applying every batch in order keeps an exact copy of the server's subtree; this is
 * the reference implementation of the patch semantics, used by the TypeScript client and by
 * the cache's own tests. Pure: no I/O, no Node APIs.
 */
import type { ElementNode, TreeNode } from './element.js';
import type { Patch } from './patch.js';

export class PatchMirror {
  private readonly nodes = new Map<string, ElementNode>();
  private readonly children = new Map<string, string[]>();

  /**
   * @param root the subtree's root ref (the first node of `initial`)
   * @param initial the subtree in pre-order, as `tree.subscribe` answers it
   * @param revision the cache revision the nodes reflect
   */
  constructor(
    readonly root: string,
    initial: readonly ElementNode[],
    public revision = 0,
  ) {
    for (const node of initial) this.insert(node);
  }

  get size(): number {
    return this.nodes.size;
  }

  node(ref: string): ElementNode | undefined {
    return this.nodes.get(ref);
  }

  /** The mirrored children of `ref`, in order (empty for a leaf or an unknown ref). */
  childrenOf(ref: string): readonly string[] {
    return this.children.get(ref) ?? [];
  }

  /** Apply one batch of patches, in order; `revision` is the batch's. */
  apply(patches: readonly Patch[], revision?: number): void {
    for (const patch of patches) this.applyOne(patch);
    if (revision !== undefined) this.revision = revision;
  }

  /** The mirrored nodes in pre-order from the root (the order `tree.subscribe` uses). */
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

  /** The mirror as a nested tree (a fresh copy the caller may keep), or null when empty. */
  toTree(): TreeNode | null {
    const build = (ref: string): TreeNode | null => {
      const node = this.nodes.get(ref);
      if (node === undefined) return null;
      const kids = (this.children.get(ref) ?? [])
        .map(build)
        .filter((n): n is TreeNode => n !== null);
      return { ...structuredClone(node), children: kids };
    };
    return build(this.root);
  }

  /** Copies are kept, so later changes to a patch object cannot reach the mirror. */
  private insert(node: ElementNode, index?: number): void {
    this.nodes.set(node.ref, structuredClone(node));
    this.children.set(node.ref, []);
    if (node.ref === this.root || node.parent === null) return;
    const siblings = this.children.get(node.parent);
    if (siblings === undefined) return;
    if (index === undefined) siblings.push(node.ref);
    else siblings.splice(index, 0, node.ref);
  }

  private applyOne(patch: Patch): void {
    switch (patch.op) {
      case 'add':
        // An add under a parent outside the mirrored subtree does not concern this mirror.
        if (patch.parent === null || !this.nodes.has(patch.parent)) return;
        patch.nodes.forEach((node, i) => this.insert(node, i === 0 ? patch.index : undefined));
        return;
      case 'remove':
        this.remove(patch.ref, patch.parent, patch.refs);
        return;
      case 'reorder':
        if (this.children.has(patch.parent)) {
          // Children below a depth limit are listed by the server but not mirrored.
          this.children.set(
            patch.parent,
            patch.children.filter((r) => this.nodes.has(r)),
          );
        }
        return;
      case 'update': {
        const node = this.nodes.get(patch.ref);
        if (node !== undefined)
          this.nodes.set(patch.ref, { ...node, ...structuredClone(patch.props) });
        return;
      }
      default:
        // Focus and window patches come with the node updates that show them.
        return;
    }
  }

  private remove(ref: string, parent: string | null, refs: readonly string[]): void {
    for (const gone of refs) {
      this.nodes.delete(gone);
      this.children.delete(gone);
    }
    if (parent === null) return;
    const siblings = this.children.get(parent);
    if (siblings !== undefined)
      this.children.set(
        parent,
        siblings.filter((r) => r !== ref),
      );
  }
}
