/**
 * Applying a bulk fetch to the cached tree: a keyed diff by backend id that keeps the ref of
 * every element whose id survived (also when it moved to another parent), and emits the exact
 * patches a mirror needs: `remove` (with every ref of the subtree), `reorder` of the survivors,
 * `add` (pre-order nodes at their final index, in ascending index order), `update` of changed
 * properties and of `childCount` after the children of a node changed.
 */
import type { ElementLocator, Patch } from '../../protocol/src/index.js';
import type { BackendId, BackendNode, BackendProps } from '../backends/backend.js';
import { releaseOpened } from './opening.js';
import { mergeProps, previousOf } from './props.js';
import { fetchedKeys } from './remap.js';
import { takeStaged, type StagedWindow } from './staging.js';
import { removeSubtree, removeSubtreeQuietly } from './remove.js';
import { cachedNode, type CachedNode, type TreeState } from './tree.js';

export { removeSubtree };

type Ids = readonly BackendId[];
const NONE_UNREAD: ReadonlySet<BackendId> = new Set();

interface Reusable {
  ref: string;
  windowRef: string | null;
  locator?: ElementLocator;
}

/** What applying one fetch produced besides patches. */
export interface FetchOutcome {
  /** Nodes whose children were beyond the fetch depth and differ from the cache. */
  needFetch: BackendId[];
  /** The fetch root is not (or no longer) in the cache; nothing was applied. */
  unknownRoot: boolean;
}

export function applyFetch(
  state: TreeState,
  nodes: readonly BackendNode[],
  out: Patch[],
): FetchOutcome {
  return new FetchApplier(state, nodes, out).run();
}

/** Update props of a cached node, emitting an `update` with only what changed. */
export function updateProps(
  state: TreeState,
  node: CachedNode,
  next: Partial<BackendProps>,
  full: boolean,
  out: Patch[],
): boolean {
  const changed = mergeProps(node.props, next, full);
  if (changed === null) return false;
  state.reindexProps(node, previousOf(changed));
  out.push({ op: 'update', ref: node.ref, props: changed });
  if (changed.states !== undefined && state.isWindow(node)) followActive(state, node, out);
  return true;
}

/** The foreground window follows the `active` state too, so a lost window.activated event
 * still moves it; exactly one window.activated patch is emitted either way. */
function followActive(state: TreeState, win: CachedNode, out: Patch[]): void {
  const active = win.props.states.includes('active');
  if (active && state.foreground !== win && win.window !== null) {
    state.foreground = win;
    out.push({ op: 'window.activated', window: win.window, title: win.props.name });
  } else if (!active && state.foreground === win) {
    state.foreground = null;
  }
}

/** A new top-level window read whole (see top-level.ts): built under the root, no diff. */
export function adoptWindow(
  state: TreeState,
  nodes: readonly BackendNode[],
  out: Patch[],
  staged?: StagedWindow,
): FetchOutcome {
  return new FetchApplier(state, nodes, out, staged).adopt();
}

class FetchApplier {
  private readonly fetched = new Map<BackendId, BackendNode>();
  private readonly reuse = new Map<BackendId, Reusable>();
  private readonly needFetch: BackendId[] = [];
  /** Stable keys of the fetched elements, while refs from before a reset wait (remap.ts). */
  private readonly keys: Map<BackendId, string> | null;

  constructor(
    private readonly state: TreeState,
    private readonly nodes: readonly BackendNode[],
    private readonly out: Patch[],
    private readonly staged?: StagedWindow,
  ) {
    for (const n of nodes) if (!this.fetched.has(n.id)) this.fetched.set(n.id, n);
    const remap = state.remap;
    this.keys = remap === null || remap.size === 0 ? null : fetchedKeys(state, nodes);
  }

  /** The ref an element had before a reset, when its stable key matches a free one. */
  private remapped(id: BackendId): Reusable | undefined {
    const key = this.keys?.get(id);
    const remap = this.state.remap;
    if (key === undefined || remap === null) return undefined;
    const entry = remap.get(key);
    if (entry === undefined || this.state.byRef.has(entry.ref)) return undefined;
    remap.delete(key);
    return entry;
  }

  run(): FetchOutcome {
    const top = this.nodes[0];
    if (top === undefined) return { needFetch: [], unknownRoot: true };
    if (this.state.root === null) {
      const root = this.makeNode(top, null);
      this.state.root = root;
      this.expand(root, top);
      this.emitAdd(root, null, 0);
      return { needFetch: this.needFetch, unknownRoot: false };
    }
    const root = this.state.byId.get(top.id);
    if (root === undefined) return { needFetch: [], unknownRoot: true };
    this.detachMoved(root);
    this.diffNode(root, top);
    for (const [, r] of this.reuse) if (r.locator) this.state.tombstones.set(r.ref, r.locator);
    releaseOpened(this.state, this.fetched, this.needFetch, this.out);
    return { needFetch: this.needFetch, unknownRoot: false };
  }

  adopt(): FetchOutcome {
    const root = this.state.root as CachedNode;
    const win = this.build(this.nodes[0] as BackendNode, root);
    root.children.push(win);
    this.emitAdd(win, root, root.children.length - 1);
    this.emitChildCount(root, root.children.length - 1);
    releaseOpened(this.state, this.fetched, this.needFetch, this.out);
    return { needFetch: this.needFetch, unknownRoot: false };
  }

  /** Pass 1: elements the fetch shows under a different parent leave their old place first. */
  private detachMoved(root: CachedNode): void {
    for (const b of this.nodes) {
      const cached = this.state.byId.get(b.id);
      if (cached === undefined || cached === root || cached.parent === null) continue;
      if (cached.parent.id === b.parentId) continue;
      const parent = cached.parent;
      const all: CachedNode[] = [];
      this.state.walk(cached, (n) => {
        all.push(n);
      });
      for (const n of all) {
        this.reuse.set(n.id, { ref: n.ref, windowRef: n.window, locator: this.state.locator(n) });
      }
      const before = parent.children.length;
      const focused = this.state.focused;
      removeSubtreeQuietly(this.state, cached, all, this.out);
      if (focused !== null && this.state.focused === null) this.state.pendingFocusId = focused.id;
      this.emitChildCount(parent, before);
    }
  }

  private diffNode(node: CachedNode, b: BackendNode): void {
    updateProps(this.state, node, b.props, true, this.out);
    const unread = b.unreadChildren === undefined ? NONE_UNREAD : new Set(b.unreadChildren);
    // An unread child stays as held; one the cache does not hold cannot be built.
    const ids = dedupe(b.children).filter((id) => !unread.has(id) || this.holdsUnder(node, id));
    if (ids.some((id) => !unread.has(id) && !this.fetched.has(id))) {
      if (!sameIds(node.children, ids)) this.needFetch.push(node.id);
      return;
    }
    this.diffChildren(node, ids, unread);
  }

  private holdsUnder(parent: CachedNode, id: BackendId): boolean {
    return this.state.byId.get(id)?.parent === parent;
  }

  private diffChildren(node: CachedNode, ids: Ids, unread: ReadonlySet<BackendId>): void {
    const before = node.children.length;
    const wanted = new Set(ids);
    this.rekeyTransient(node, ids, wanted);
    for (const child of [...node.children]) {
      if (!wanted.has(child.id)) removeSubtree(this.state, child, this.out);
    }
    const kept = new Map(node.children.map((c) => [c.id, c]));
    const survivors = ids.filter((id) => kept.has(id)).map((id) => kept.get(id) as CachedNode);
    if (survivors.some((c, i) => node.children[i] !== c)) {
      node.children = survivors;
      this.state.shapeVersion++;
      this.out.push({ op: 'reorder', parent: node.ref, children: survivors.map((c) => c.ref) });
    }
    for (const child of survivors) {
      if (!unread.has(child.id)) this.diffNode(child, this.fetched.get(child.id) as BackendNode);
    }
    ids.forEach((id, index) => {
      if (kept.has(id)) return;
      const added = this.build(this.fetched.get(id) as BackendNode, node);
      node.children.splice(index, 0, added);
      this.emitAdd(added, node, index);
    });
    this.emitChildCount(node, before);
  }

  /**
   * A child its toolkit makes anew on every read (BackendNode.transient) is the cached child at
   * its place when that one looks alike and left the read: it keeps its ref under the new id.
   */
  private rekeyTransient(node: CachedNode, ids: Ids, wanted: Set<BackendId>): void {
    ids.forEach((id, index) => {
      const fetched = this.fetched.get(id);
      const old = node.children[index];
      if (fetched?.transient !== true || old === undefined || this.state.byId.has(id)) return;
      if (wanted.has(old.id) || old.props.controlType !== fetched.props.controlType) return;
      this.state.rekey(old, id);
    });
  }

  /** Build a new cached subtree (iteratively: deep trees must not overflow the stack). */
  private build(b: BackendNode, parent: CachedNode | null): CachedNode {
    const first = this.makeNode(b, parent);
    this.expand(first, b);
    return first;
  }

  /** Build the fetched children below `top`, minting refs in pre-order. */
  private expand(top: CachedNode, source: BackendNode): void {
    const stack: [CachedNode, BackendNode][] = [];
    const pushChildren = (node: CachedNode, from: BackendNode): void => {
      const ids = dedupe(from.children);
      if (ids.length > 0 && !ids.every((id) => this.fetched.has(id) && !this.state.byId.has(id))) {
        this.needFetch.push(node.id);
        return;
      }
      for (let i = ids.length - 1; i >= 0; i--)
        stack.push([node, this.fetched.get(ids[i] as BackendId) as BackendNode]);
    };
    pushChildren(top, source);
    while (stack.length > 0) {
      const [parent, childSource] = stack.pop() as [CachedNode, BackendNode];
      const child = this.makeNode(childSource, parent);
      parent.children.push(child);
      pushChildren(child, childSource);
    }
  }

  private makeNode(b: BackendNode, parent: CachedNode | null): CachedNode {
    const state = this.state;
    const topLevel = parent !== null && parent === state.root;
    const node = takeStaged(this.staged, b, parent) ?? this.newNode(b, parent, topLevel);
    const props = node.props;
    state.index(node);
    if (state.pendingFocusId === b.id) {
      const previous = state.focused?.ref ?? null;
      state.focused = node;
      state.pendingFocusId = null;
      this.out.push({ op: 'focus', ref: node.ref, previous });
    }
    const reportedActive = state.pendingActiveId === b.id;
    if (topLevel && (props.states.includes('active') || reportedActive)) state.foreground = node;
    if (topLevel && reportedActive) state.pendingActiveId = null;
    return node;
  }

  private newNode(b: BackendNode, parent: CachedNode | null, topLevel: boolean): CachedNode {
    const reused = this.reuse.get(b.id) ?? this.remapped(b.id);
    this.reuse.delete(b.id);
    let window: string | null = parent === null ? null : parent.window;
    if (topLevel) window = reused?.windowRef ?? this.state.mintWindowRef();
    return cachedNode(b, reused?.ref ?? this.state.mintRef(), parent, window);
  }

  private emitAdd(node: CachedNode, parent: CachedNode | null, index: number): void {
    const nodes: ReturnType<TreeState['toElement']>[] = [];
    this.state.walk(node, (n) => {
      nodes.push(this.state.toElement(n));
    });
    this.out.push({ op: 'add', parent: parent === null ? null : parent.ref, index, nodes });
    // Announced once its contents are cached (see opening.ts).
    if (parent !== null && this.state.isWindow(node)) this.state.opening.add(node);
  }

  private emitChildCount(node: CachedNode, before: number): void {
    if (node.children.length === before) return;
    this.out.push({ op: 'update', ref: node.ref, props: { childCount: node.children.length } });
  }
}

/** The ids once each (read only: a list of fewer than two, the most common, is not copied). */
function dedupe(ids: Ids): Ids {
  if (ids.length < 2) return ids;
  return new Set(ids).size === ids.length ? ids : [...new Set(ids)];
}

function sameIds(children: readonly CachedNode[], ids: readonly BackendId[]): boolean {
  return children.length === ids.length && children.every((c, i) => c.id === ids[i]);
}
