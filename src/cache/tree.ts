/**
 * The cached element tree and its indexes. This is plain data plus bookkeeping: no I/O, no
 * clock, no RxJS. The reducer owns one TreeState and mutates it in place for speed; nothing
 * else writes to it (queries only read).
 */
import type { ElementLocator, ElementNode, WindowInfo } from '../../protocol/src/index.js';
import type { BackendId, BackendNode, BackendProps } from '../backends/backend.js';
import { copyProps } from './props.js';
import type { RemapEntry } from './remap.js';
import { RecentlyClosed } from './recently-closed.js';
import type { StagedWindow } from './staging.js';
import { Tombstones } from './tombstones.js';

/** One cached element. `window` is the ref of its top-level window (its own for a window). */
export interface CachedNode {
  readonly ref: string;
  readonly id: BackendId;
  parent: CachedNode | null;
  children: CachedNode[];
  window: string | null;
  props: BackendProps;
  /** Lower-cased name, kept so case-insensitive finds do not allocate per query. */
  nameKey: string;
}

/** A new cached node, its props a defensive copy of the backend's. */
export function cachedNode(
  source: BackendNode,
  ref: string,
  parent: CachedNode | null,
  window: string | null,
): CachedNode {
  const props = copyProps(source.props);
  const nameKey = props.name.toLowerCase();
  return { ref, id: source.id, parent, children: [], window, props, nameKey };
}

/** Renames the name index tolerates before it rebuilds. */
const RENAMED_LIMIT = 512;

export class TreeState {
  root: CachedNode | null = null;
  readonly byRef = new Map<string, CachedNode>();
  readonly byId = new Map<BackendId, CachedNode>();
  /** Window ref -> the window's element. */
  readonly windows = new Map<string, CachedNode>();
  /** Last known locator of vanished refs (bounded by count and bytes, oldest evicted first). */
  readonly tombstones: Tombstones;
  focused: CachedNode | null = null;
  /**
   * Elements other than `focused` that a states event or a fetch marked focused. Keyboard focus
   * is exclusive, so they lose the state the next time the pointer moves.
   */
  readonly focusClaims = new Set<CachedNode>();
  /** A focus event named an element not fetched yet; applied when it appears. */
  pendingFocusId: BackendId | null = null;
  /** A window reported active before the cache held it: it takes the foreground once added. */
  pendingActiveId: BackendId | null = null;
  foreground: CachedNode | null = null;
  /**
   * Windows added whose subtree is not cached yet: their `window.opened` waits for the fetch
   * of their contents (or for the store's deadline), so a waiter finds what it waited for.
   */
  readonly opening = new Set<CachedNode>();
  /** Windows unmapped before the cache held them, for a listing applied late (recently-closed.ts). */
  readonly recentlyClosed = new RecentlyClosed();
  /** Nodes of windows not announced yet, made ready as they arrive (staging.ts); unseen. */
  readonly staging = new Map<BackendId, StagedWindow>();
  /** Refs by stable locator, remembered at the last platform reset (see remap.ts). */
  remap: Map<string, RemapEntry> | null = null;
  revision = 0;
  /** Bumped by every change of the tree's shape (the name index rebuilds on it). */
  shapeVersion = 0;
  /** Nodes renamed since the name index was built (it checks them on their own). */
  readonly renamed = new Set<CachedNode>();
  private nextElement = 1;
  private nextWindow = 1;

  constructor(tombstones: { limit?: number; maxBytes?: number } = {}) {
    this.tombstones = new Tombstones(tombstones.limit, tombstones.maxBytes);
  }

  /** Too many renames pile up: the name index had better rebuild. */
  get renamedOverflow(): boolean {
    return this.renamed.size > RENAMED_LIMIT;
  }

  clearRenamed(): void {
    this.renamed.clear();
  }

  mintRef(): string {
    return `e${this.nextElement++}`;
  }

  /** Whether this tree ever minted `ref` (refs are minted in order and never reused). */
  wasIssued(ref: string): boolean {
    const match = /^([ew])(\d+)$/.exec(ref);
    if (match === null) return false;
    const n = Number(match[2]);
    return n >= 1 && n < (match[1] === 'e' ? this.nextElement : this.nextWindow);
  }

  mintWindowRef(): string {
    return `w${this.nextWindow++}`;
  }

  isWindow(node: CachedNode): boolean {
    return node.parent !== null && node.parent === this.root;
  }

  /** Put a node (not its children) into every index. */
  index(node: CachedNode): void {
    this.shapeVersion++;
    this.byRef.set(node.ref, node);
    this.byId.set(node.id, node);
    this.tombstones.delete(node.ref);
    if (node.window !== null && this.isWindow(node)) this.windows.set(node.window, node);
  }

  /** Give a node the id its toolkit now reads it under (BackendNode.transient); ref kept. */
  rekey(node: CachedNode, id: BackendId): void {
    if (this.byId.get(node.id) === node) this.byId.delete(node.id);
    (node as { id: BackendId }).id = id;
    this.byId.set(id, node);
  }

  /** Take a node (not its children) out of every index (tombstones are the caller's job). */
  unindex(node: CachedNode): void {
    this.shapeVersion++;
    this.focusClaims.delete(node);
    this.opening.delete(node);
    this.byRef.delete(node.ref);
    if (this.byId.get(node.id) === node) this.byId.delete(node.id);
    if (node.window !== null && this.windows.get(node.window) === node) {
      this.windows.delete(node.window);
    }
    if (this.focused === node) this.focused = null;
    if (this.foreground === node) this.foreground = null;
  }

  /** Re-index after props changed; `previous` holds the replaced values of changed keys. */
  reindexProps(node: CachedNode, previous: Record<string, unknown>): void {
    if ('name' in previous) {
      node.nameKey = node.props.name.toLowerCase();
      this.renamed.add(node);
    }
  }

  locator(node: CachedNode): ElementLocator {
    const path: string[] = [];
    const win = this.windowOf(node);
    for (let n: CachedNode | null = node; n !== null && n !== this.root; n = n.parent) {
      path.push(n.props.name ? `${n.props.controlType} "${n.props.name}"` : n.props.controlType);
      if (n === win) break;
    }
    path.reverse();
    const loc: ElementLocator = {
      controlType: node.props.controlType,
      name: node.props.name,
      path,
    };
    if (win !== null) loc.window = win.props.name;
    if (node.props.automationId) loc.automationId = node.props.automationId;
    return loc;
  }

  windowOf(node: CachedNode): CachedNode | null {
    return node.window === null ? null : (this.windows.get(node.window) ?? null);
  }

  /** The wire form of a cached node. */
  toElement(node: CachedNode): ElementNode {
    const p = node.props;
    const el: ElementNode = {
      ref: node.ref,
      window: node.window,
      parent: node.parent === null ? null : node.parent.ref,
      controlType: p.controlType,
      name: p.name,
      // Shared, not copied: stored values are frozen and replaced on change (see props.ts).
      rect: p.rect,
      states: p.states,
      patterns: p.patterns,
      childCount: node.children.length,
    };
    if (p.automationId !== undefined) el.automationId = p.automationId;
    if (p.className !== undefined) el.className = p.className;
    if (p.value !== undefined) el.value = p.value;
    if (p.range !== undefined) el.range = p.range;
    if (p.pid !== undefined) el.pid = p.pid;
    if (p.app !== undefined) el.app = p.app;
    return el;
  }

  windowInfo(win: CachedNode): WindowInfo {
    const p = win.props;
    const info: WindowInfo = {
      ref: win.window ?? '',
      element: win.ref,
      title: p.name,
      app: p.app ?? '',
      rect: p.rect === null ? null : { ...p.rect },
      minimized: p.states.includes('minimized'),
      maximized: p.states.includes('maximized'),
      foreground: this.foreground === win,
      modal: p.states.includes('modal'),
    };
    if (p.pid !== undefined) info.pid = p.pid;
    return info;
  }

  /** Pre-order walk from `node`, at most `maxDepth` levels below it. Stops when visit says so. */
  walk(
    node: CachedNode,
    visit: (n: CachedNode, depth: number) => boolean | void,
    maxDepth = Infinity,
  ): void {
    const stack: CachedNode[] = [node];
    const depths: number[] = [0];
    while (stack.length > 0) {
      const n = stack.pop() as CachedNode;
      const d = depths.pop() as number;
      if (visit(n, d) === false) return;
      if (d >= maxDepth) continue;
      for (let i = n.children.length - 1; i >= 0; i--) {
        stack.push(n.children[i] as CachedNode);
        depths.push(d + 1);
      }
    }
  }

  /** Depth of a node below `ancestor`, or -1 when it is not under it. */
  depthUnder(node: CachedNode, ancestor: CachedNode): number {
    let depth = 0;
    for (let n: CachedNode | null = node; n !== null; n = n.parent, depth++) {
      if (n === ancestor) return depth;
    }
    return -1;
  }
}
