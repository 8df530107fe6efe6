/**
 * The name index behind case-insensitive finds. Built from a pre-order walk, it holds, for
 * every trigram of every lower-cased name, the pre-order positions of the names containing it
 * (ascending, in an Int32Array). A `contains`/`equals` find takes the rarest trigram of the key,
 * jumps by binary search to the scope's range (a subtree is a contiguous pre-order range), and
 * verifies the few candidates; hits come out in tree order. Keys shorter than three characters
 * scan one flat string of all names with native `indexOf`.
 *
 * Rebuilt lazily on the first find after the tree's shape changed (TreeState.shapeVersion).
 * Renames do not force a rebuild: TreeState lists renamed nodes, which are checked on their
 * own and merged in by position, until too many pile up.
 */
import type { CachedNode, TreeState } from './tree.js';

const SEPARATOR = '\n';

interface Built {
  nodes: CachedNode[];
  depths: Int32Array;
  ends: Int32Array;
  starts: Int32Array;
  text: string;
  trigrams: Map<string, Int32Array>;
  position: Map<CachedNode, number>;
}

export class NameIndex {
  private builtAt = -1;
  private built: Built | null = null;

  constructor(private readonly state: TreeState) {}

  /**
   * Visit, in tree order, the nodes under `scope` (itself included, at most `maxDepth` below
   * it) whose lower-cased name contains (or equals) `key`, until `visit` answers false.
   * Returns how many elements the scope covers (the `scanned` figure of a find).
   */
  search(
    key: string,
    equals: boolean,
    scope: CachedNode,
    maxDepth: number,
    visit: (node: CachedNode) => boolean,
  ): number {
    const b = this.refresh();
    const first = b.position.get(scope);
    if (first === undefined) return 0;
    const end = b.ends[first] as number;
    const depthLimit = (b.depths[first] as number) + maxDepth;
    const renamed = this.state.renamed;
    const matches = (i: number): boolean => {
      const node = b.nodes[i] as CachedNode;
      if ((b.depths[i] as number) > depthLimit) return false;
      return equals ? node.nameKey === key : node.nameKey.includes(key);
    };
    const late = this.renamedMatches(b, renamed, first, end, matches);
    let next = 0;
    let going = true;
    const emit = (i: number): void => {
      while (going && next < late.length && (late[next] as number) < i)
        going = visit(b.nodes[late[next++] as number] as CachedNode);
      if (going && i < end && !renamed.has(b.nodes[i] as CachedNode) && matches(i))
        going = visit(b.nodes[i] as CachedNode);
    };
    this.candidates(b, key, first, end, (i) => {
      emit(i);
      return going;
    });
    emit(end);
    return end - first;
  }

  /** Positions in [first, end) of renamed nodes that match now, ascending. */
  private renamedMatches(
    b: Built,
    renamed: ReadonlySet<CachedNode>,
    first: number,
    end: number,
    matches: (i: number) => boolean,
  ): number[] {
    const out: number[] = [];
    for (const node of renamed) {
      const i = b.position.get(node);
      if (i !== undefined && i >= first && i < end && matches(i)) out.push(i);
    }
    return out.sort((x, y) => x - y);
  }

  /** Candidate positions in [first, end), ascending: a superset of the matches. */
  private candidates(
    b: Built,
    key: string,
    first: number,
    end: number,
    take: (i: number) => boolean,
  ): void {
    const list = key.length >= 3 ? rarest(b.trigrams, key) : null;
    if (list === null && key.length >= 3) return;
    if (list !== null) {
      for (let k = lowerBound(list, first); k < list.length && (list[k] as number) < end; k++) {
        if (!take(list[k] as number)) return;
      }
      return;
    }
    const stop = end < b.nodes.length ? (b.starts[end] as number) : b.text.length;
    let from = b.starts[first] as number;
    while (from < stop) {
      const hit = b.text.indexOf(key, from);
      if (hit < 0 || hit >= stop) return;
      const i = upperBound(b.starts, hit) - 1;
      if (!take(i)) return;
      from = i + 1 < b.nodes.length ? (b.starts[i + 1] as number) : b.text.length;
    }
  }

  private refresh(): Built {
    if (
      this.built !== null &&
      this.builtAt === this.state.shapeVersion &&
      !this.state.renamedOverflow
    )
      return this.built;
    this.built = build(this.state);
    this.builtAt = this.state.shapeVersion;
    this.state.clearRenamed();
    return this.built;
  }
}

function build(state: TreeState): Built {
  const nodes: CachedNode[] = [];
  const depthList: number[] = [];
  if (state.root !== null) {
    state.walk(state.root, (n, d) => {
      nodes.push(n);
      depthList.push(d);
    });
  }
  const n = nodes.length;
  const depths = Int32Array.from(depthList);
  const ends = new Int32Array(n);
  const starts = new Int32Array(n);
  const position = new Map<CachedNode, number>();
  const lists = new Map<string, number[]>();
  const open: number[] = [];
  let offset = 0;
  for (let i = 0; i < n; i++) {
    const node = nodes[i] as CachedNode;
    starts[i] = offset;
    offset += node.nameKey.length + SEPARATOR.length;
    position.set(node, i);
    while (
      open.length > 0 &&
      (depths[open[open.length - 1] as number] as number) >= (depths[i] as number)
    ) {
      ends[open.pop() as number] = i;
    }
    open.push(i);
    addTrigrams(lists, node.nameKey, i);
  }
  for (const i of open) ends[i] = n;
  const trigrams = new Map<string, Int32Array>();
  for (const [gram, list] of lists) trigrams.set(gram, Int32Array.from(list));
  const text = nodes.map((node) => node.nameKey).join(SEPARATOR) + SEPARATOR;
  return { nodes, depths, ends, starts, text, trigrams, position };
}

function addTrigrams(lists: Map<string, number[]>, name: string, i: number): void {
  for (let k = 0; k + 3 <= name.length; k++) {
    const gram = name.slice(k, k + 3);
    let list = lists.get(gram);
    if (list === undefined) lists.set(gram, (list = []));
    if (list[list.length - 1] !== i) list.push(i);
  }
}

/** The shortest posting list among the key's trigrams; null when one is absent (no match). */
function rarest(trigrams: Map<string, Int32Array>, key: string): Int32Array | null {
  let best: Int32Array | null = null;
  for (let k = 0; k + 3 <= key.length; k++) {
    const list = trigrams.get(key.slice(k, k + 3));
    if (list === undefined) return null;
    if (best === null || list.length < best.length) best = list;
  }
  return best;
}

function lowerBound(a: Int32Array, value: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(a: Int32Array, value: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
