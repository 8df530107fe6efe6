/**
 * The tree view's rows, kept up to date patch by patch instead of rebuilt from the whole mirror
 * on every frame: an `update` replaces one row's node, and an add, remove or reorder rebuilds
 * only the rows of the parent's subtree. At 10,000 nodes a full rebuild costs more than a frame
 * has on a busy machine; a selection change now costs a map lookup. `visibleRows` in
 * tree-model.ts is the reference the unit tests hold this to.
 */
import type { ElementNode, Patch, PatchMirror } from '../../protocol/src/index.js';
import type { TreeRow } from './tree-model.js';

export class TreeRows {
  private rows: TreeRow[] = [];
  /** ref -> row index; dropped when rows move and rebuilt on the next lookup. */
  private positions: Map<string, number> | null = null;

  /** `collapsed` is shared with the caller, so a resync's fresh index keeps what was folded. */
  constructor(
    private readonly mirror: PatchMirror,
    private readonly collapsed: Set<string> = new Set(),
  ) {
    this.rows = this.walk(mirror.root, 0);
  }

  get length(): number {
    return this.rows.length;
  }

  at(index: number): TreeRow | undefined {
    return this.rows[index];
  }

  slice(start: number, end: number): TreeRow[] {
    return this.rows.slice(start, end);
  }

  /** The row index of `ref`, or -1 when it is not shown (unknown, or in a collapsed branch). */
  indexOf(ref: string): number {
    if (this.positions === null) {
      this.positions = new Map(this.rows.map((row, i) => [row.node.ref, i]));
    }
    return this.positions.get(ref) ?? -1;
  }

  /** Bring the rows up to date with a batch of patches already applied to the mirror. */
  applied(patches: readonly Patch[]): void {
    const parents = new Set<string>();
    for (const patch of patches) {
      if (patch.op === 'update') this.refresh(patch.ref);
      else if (patch.op === 'add' || patch.op === 'reorder') {
        parents.add(patch.parent ?? this.mirror.root);
      } else if (patch.op === 'remove') {
        for (const ref of patch.refs) this.collapsed.delete(ref);
        parents.add(patch.parent ?? this.mirror.root);
      }
    }
    // A subtree rebuilt whole already covers the parents inside it.
    if (parents.has(this.mirror.root)) this.rebuild(this.mirror.root);
    else for (const ref of parents) this.rebuild(ref);
  }

  /** Fold or unfold one node's children. */
  toggle(ref: string): void {
    if (!this.collapsed.delete(ref)) this.collapsed.add(ref);
    this.rebuild(ref);
  }

  /** Unfold every ancestor of `ref`, so its row is shown. */
  reveal(ref: string): void {
    let top: string | null = null;
    for (let node = this.mirror.node(ref); node !== undefined;) {
      if (node.ref !== ref && this.collapsed.delete(node.ref)) top = node.ref;
      node = node.parent === null ? undefined : this.mirror.node(node.parent);
    }
    if (top !== null) this.rebuild(top);
  }

  private refresh(ref: string): void {
    const i = this.indexOf(ref);
    const row = this.rows[i];
    const node = this.mirror.node(ref);
    if (row !== undefined && node !== undefined) this.rows[i] = { ...row, node };
  }

  /** Replace the rows of `ref`'s subtree (it included) with fresh ones from the mirror. */
  private rebuild(ref: string): void {
    const start = this.indexOf(ref);
    const row = this.rows[start];
    // Not shown: nothing on screen changes (an ancestor's own rebuild will show it when due).
    if (row === undefined) return;
    let end = start + 1;
    while (end < this.rows.length && this.rows[end]!.depth > row.depth) end++;
    const fresh = this.mirror.node(ref) === undefined ? [] : this.walk(ref, row.depth);
    if (fresh.length === end - start) {
      // Same length (the common case: a fold of a leaf, a reorder): rows are replaced in place,
      // and the positions stay valid when the refs are where they were.
      const moved = fresh.some((r, i) => r.node.ref !== this.rows[start + i]!.node.ref);
      for (let i = 0; i < fresh.length; i++) this.rows[start + i] = fresh[i]!;
      if (!moved) return;
    } else {
      this.rows = this.rows.slice(0, start).concat(fresh, this.rows.slice(end));
    }
    this.positions = null;
  }

  /** Pre-order rows of `ref`'s subtree, the children of collapsed nodes left out. */
  private walk(ref: string, depth: number): TreeRow[] {
    const out: TreeRow[] = [];
    const stack: [string, number][] = [[ref, depth]];
    while (stack.length > 0) {
      const [current, d] = stack.pop()!;
      const node: ElementNode | undefined = this.mirror.node(current);
      if (node === undefined) continue;
      const kids = this.mirror.childrenOf(current);
      const hasChildren = kids.length > 0;
      const expanded = hasChildren && !this.collapsed.has(current);
      out.push({ node, depth: d, hasChildren, expanded });
      if (!expanded) continue;
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, d + 1]);
    }
    return out;
  }
}
