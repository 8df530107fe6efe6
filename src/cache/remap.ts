/**
 * Refs across a platform reset. After a bus reconnection every backend id may change (AT-SPI
 * ids hold the app's bus name) although no element did, so a keyed diff by id alone would
 * give every element a new ref and every ref a client holds would answer element_stale. At a
 * reset the cache remembers each element's stable locator (its window's pid, then the path of
 * role + name, with the rank among same-looking siblings); an element a later fetch brings
 * whose locator matches one remembered takes its ref back instead of a new one.
 */
import type { BackendId, BackendNode, BackendProps } from '../backends/backend.js';
import type { CachedNode, TreeState } from './tree.js';

/** The ref (and window ref, for a window) an element had when the reset came. */
export interface RemapEntry {
  ref: string;
  windowRef: string | null;
}

function segment(props: BackendProps, topLevel: boolean): string {
  const own = `${props.controlType}"${props.name}"`;
  return topLevel ? `${props.pid ?? props.app ?? ''}|${own}` : own;
}

/**
 * Stable keys of children in order: a sibling that looks the same as an earlier one (same
 * role, name and, for windows, pid) gets its rank appended.
 */
function childKeys(parentKey: string, children: readonly BackendProps[], topLevel: boolean) {
  const seen = new Map<string, number>();
  return children.map((props) => {
    const seg = segment(props, topLevel);
    const rank = seen.get(seg) ?? 0;
    seen.set(seg, rank + 1);
    return `${parentKey}/${seg}#${rank}`;
  });
}

/**
 * Every cached element (but the root) by stable key, taken when a reset comes, over what an
 * earlier reset remembered of elements not back yet (a reset often comes in two: the platform
 * gone, then back, and in between the desktop may have been read empty).
 */
export function rememberRefs(
  state: TreeState,
  earlier: ReadonlyMap<string, RemapEntry> | null = null,
): Map<string, RemapEntry> {
  const entries = new Map<string, RemapEntry>();
  for (const [key, entry] of earlier ?? [])
    if (!state.byRef.has(entry.ref)) entries.set(key, entry);
  const root = state.root;
  if (root === null) return entries;
  const stack: [CachedNode, string][] = [[root, '']];
  while (stack.length > 0) {
    const [node, key] = stack.pop() as [CachedNode, string];
    const keys = childKeys(
      key,
      node.children.map((c) => c.props),
      node === root,
    );
    node.children.forEach((child, i) => {
      const childKey = keys[i] as string;
      entries.set(childKey, {
        ref: child.ref,
        windowRef: state.isWindow(child) ? child.window : null,
      });
      stack.push([child, childKey]);
    });
  }
  return entries;
}

/** The stable key of a cached node, computed upward from the tree as it is now. */
function cachedKey(state: TreeState, node: CachedNode): string {
  if (node.parent === null) return '';
  const parent = node.parent;
  const keys = childKeys(
    cachedKey(state, parent),
    parent.children.map((c) => c.props),
    parent === state.root,
  );
  return keys[parent.children.indexOf(node)] ?? '';
}

/**
 * Stable keys of the elements of one fetch (pre-order, root first). The fetch root keeps its
 * place in the cache, so its key comes from there; an unknown root yields no keys.
 */
export function fetchedKeys(
  state: TreeState,
  nodes: readonly BackendNode[],
): Map<BackendId, string> {
  const keys = new Map<BackendId, string>();
  const top = nodes[0];
  const cachedTop = top === undefined ? undefined : state.byId.get(top.id);
  if (top === undefined || (cachedTop === undefined && state.root !== null)) return keys;
  keys.set(top.id, cachedTop === undefined ? '' : cachedKey(state, cachedTop));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const node of nodes) {
    const key = keys.get(node.id);
    if (key === undefined) continue;
    const children = node.children.map((id) => byId.get(id));
    if (children.some((c) => c === undefined)) continue;
    const found = children as BackendNode[];
    const isRoot = node.id === (state.root?.id ?? top.id);
    const ks = childKeys(
      key,
      found.map((c) => c.props),
      isRoot,
    );
    found.forEach((c, i) => keys.set(c.id, ks[i] as string));
  }
  return keys;
}
