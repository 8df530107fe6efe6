/**
 * The tree view's rows: the mirror's pre-order node list, with the descendants of collapsed
 * nodes left out, each row carrying its depth. Pure, so it is unit-tested without a page.
 */
import type { ElementNode } from '../../protocol/src/index.js';

export interface TreeRow {
  node: ElementNode;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** Rows in display order. `nodes` must be pre-order (as tree.subscribe and the mirror list them). */
export function visibleRows(
  nodes: readonly ElementNode[],
  collapsed: ReadonlySet<string>,
): TreeRow[] {
  const depth = new Map<string, number>();
  const childCount = new Map<string, number>();
  for (const node of nodes) {
    if (node.parent !== null) childCount.set(node.parent, (childCount.get(node.parent) ?? 0) + 1);
  }
  const rows: TreeRow[] = [];
  let hiddenBelow = -1;
  for (const node of nodes) {
    const parentDepth = node.parent === null ? undefined : depth.get(node.parent);
    const d = parentDepth === undefined ? 0 : parentDepth + 1;
    depth.set(node.ref, d);
    if (hiddenBelow >= 0 && d > hiddenBelow) continue;
    hiddenBelow = -1;
    const hasChildren = (childCount.get(node.ref) ?? 0) > 0;
    const expanded = hasChildren && !collapsed.has(node.ref);
    rows.push({ node, depth: d, hasChildren, expanded });
    if (hasChildren && !expanded) hiddenBelow = d;
  }
  return rows;
}

/** The slice of rows a viewport shows, with a few extra above and below for smooth scrolling. */
export function windowSlice(
  total: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  overscan = 8,
): { start: number; end: number } {
  const first = Math.floor(scrollTop / rowHeight);
  const count = Math.ceil(viewportHeight / rowHeight);
  return {
    start: Math.max(0, first - overscan),
    end: Math.min(total, first + count + overscan),
  };
}

/** Refs from the root down to `ref` (so a selection deep in a collapsed branch can be revealed). */
export function ancestry(nodes: readonly ElementNode[], ref: string): string[] {
  const byRef = new Map(nodes.map((n) => [n.ref, n]));
  const chain: string[] = [];
  let current = byRef.get(ref);
  while (current !== undefined) {
    chain.unshift(current.ref);
    current = current.parent === null ? undefined : byRef.get(current.parent);
  }
  return chain;
}
