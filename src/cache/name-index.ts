/**
 * The name index behind case-insensitive finds: every lower-cased name joined, in tree
 * pre-order, into one string, so a `contains` find is a native `indexOf` over a flat string
 * instead of a pointer walk over every node, and its hits come out in tree order. Each node's
 * pre-order position, subtree end and depth are kept beside it, so a find scoped to a window,
 * an element or a depth is a range check.
 *
 * It is rebuilt lazily, on the first find after the tree's names or shape changed (TreeState
 * counts those changes in `shapeVersion`); value and state changes do not invalidate it.
 */
import type { CachedNode, TreeState } from './tree.js';

const SEPARATOR = '\n';

export class NameIndex {
  private builtAt = -1;
  private text = '';
  private nodes: CachedNode[] = [];
  /** Offset in `text` where node i's name starts. */
  private starts = new Int32Array(0);
  /** One past the last pre-order position of node i's subtree. */
  private ends = new Int32Array(0);
  private depths = new Int32Array(0);
  private readonly position = new WeakMap<CachedNode, number>();

  constructor(private readonly state: TreeState) {}

  /**
   * Visit, in tree order, the nodes under `scope` (itself included, at most `maxDepth` below
   * it) whose lower-cased name contains `key` (or equals it). Stops when `visit` says false.
   * Returns how many elements the scope covers (the `scanned` figure of a find).
   */
  search(
    key: string,
    equals: boolean,
    scope: CachedNode,
    maxDepth: number,
    visit: (node: CachedNode) => boolean,
  ): number {
    this.refresh();
    const first = this.position.get(scope);
    if (first === undefined) return 0;
    const end = this.ends[first] as number;
    const depthLimit = (this.depths[first] as number) + maxDepth;
    let from = this.starts[first] as number;
    const stop = end < this.nodes.length ? (this.starts[end] as number) : this.text.length;
    while (from < stop) {
      const hit = this.text.indexOf(key, from);
      if (hit < 0 || hit >= stop) break;
      const i = this.nodeAt(hit);
      const node = this.nodes[i] as CachedNode;
      from = i + 1 < this.nodes.length ? (this.starts[i + 1] as number) : this.text.length;
      if ((this.depths[i] as number) > depthLimit) continue;
      if (equals ? node.nameKey !== key : !node.nameKey.includes(key)) continue;
      if (!visit(node)) break;
    }
    return end - first;
  }

  private refresh(): void {
    if (this.builtAt === this.state.shapeVersion) return;
    const root = this.state.root;
    const nodes: CachedNode[] = [];
    const depths: number[] = [];
    if (root !== null) {
      this.state.walk(root, (n, d) => {
        nodes.push(n);
        depths.push(d);
      });
    }
    this.nodes = nodes;
    this.depths = Int32Array.from(depths);
    this.starts = new Int32Array(nodes.length);
    this.ends = new Int32Array(nodes.length);
    let offset = 0;
    const open: number[] = [];
    nodes.forEach((node, i) => {
      this.starts[i] = offset;
      offset += node.nameKey.length + SEPARATOR.length;
      this.position.set(node, i);
      while (
        open.length > 0 &&
        (this.depths[open[open.length - 1] as number] as number) >= (depths[i] as number)
      ) {
        this.ends[open.pop() as number] = i;
      }
      open.push(i);
    });
    for (const i of open) this.ends[i] = nodes.length;
    this.text = nodes.map((n) => n.nameKey).join(SEPARATOR) + SEPARATOR;
    this.builtAt = this.state.shapeVersion;
  }

  /** The node whose name covers text offset `at` (binary search over starts). */
  private nodeAt(at: number): number {
    let lo = 0;
    let hi = this.nodes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
