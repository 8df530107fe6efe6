/**
 * Removing a cached subtree, as a fetch found it gone or moved: indexes cleaned, `remove`
 * patches with every ref, and `window.closed` for a window that was announced.
 */
import type { ElementLocator, Patch } from '../../protocol/src/index.js';
import type { CachedNode, TreeState } from './tree.js';

/** Remove a subtree: tombstones for every ref, indexes cleaned, `remove` (and window.closed). */
export function removeSubtree(state: TreeState, node: CachedNode, out: Patch[]): void {
  // A window still held unannounced (see opening.ts) closes as silently as it opened, unless
  // the window system says it was unmapped (recently-closed.ts).
  if (state.isWindow(node) && node.window !== null) {
    if (!state.opening.has(node)) {
      out.push({ op: 'window.closed', window: node.window, title: node.props.name });
      state.recentlyClosed.noteToldClosed(node.id);
    } else state.recentlyClosed.noteDropped(node.id, state.windowInfo(node));
  }
  const all: CachedNode[] = [];
  state.walk(node, (n) => {
    all.push(n);
  });
  const refs = all.map((n) => n.ref);
  const locators = all.map((n) => state.locator(n));
  const wasFocused = state.focused;
  for (const n of all) state.unindex(n);
  all.forEach((n, i) => state.tombstones.set(n.ref, locators[i] as ElementLocator));
  const parent = node.parent;
  if (parent !== null) parent.children = parent.children.filter((c) => c !== node);
  out.push({ op: 'remove', ref: node.ref, parent: parent === null ? null : parent.ref, refs });
  if (wasFocused !== null && state.focused === null) {
    out.push({ op: 'focus', ref: null, previous: wasFocused.ref });
  }
}

/** Detach a moved subtree: a `remove` patch, but no tombstones (its refs live on). */
export function removeSubtreeQuietly(
  state: TreeState,
  node: CachedNode,
  all: CachedNode[],
  out: Patch[],
): void {
  if (state.isWindow(node) && node.window !== null) {
    out.push({ op: 'window.closed', window: node.window, title: node.props.name });
  }
  for (const n of all) state.unindex(n);
  const parent = node.parent as CachedNode;
  parent.children = parent.children.filter((c) => c !== node);
  out.push({ op: 'remove', ref: node.ref, parent: parent.ref, refs: all.map((n) => n.ref) });
}
