/**
 * What a reader of a window does not see: collapsed menus, hidden popovers, off-screen rows.
 * Snapshots and region reads leave such subtrees out by default and count what they left out.
 * A subtree is hidden where it starts: an off-screen element under a shown parent, or any
 * child of a collapsed element. Off-screen below an off-screen parent is not a new start, so a
 * toolkit that reports no element as showing (the whole window "off-screen") hides nothing.
 */
import type { CachedNode } from './tree.js';

const offscreen = (node: CachedNode): boolean => node.props.states.includes('offscreen');

/** True when `node` starts a subtree the user cannot see under `parent`. */
export function startsHidden(node: CachedNode, parent: CachedNode | null): boolean {
  if (parent === null) return false;
  if (parent.props.states.includes('collapsed')) return true;
  return offscreen(node) && !offscreen(parent);
}

/** Elements in the subtree of `node`, itself included. */
export function subtreeSize(node: CachedNode): number {
  let count = 0;
  const stack: CachedNode[] = [node];
  while (stack.length > 0) {
    const next = stack.pop() as CachedNode;
    count++;
    for (const child of next.children) stack.push(child);
  }
  return count;
}
