/** A desktop listing's top-level windows as the X window match sees them. */
import type { BackendEvent, BackendNode } from '../backend.js';
import type { AccessibleTopLevel } from '../x11/index.js';
import { refOf } from './atspiIds.js';

/** A window closed because the X server no longer shows it. */
export function closedEvent(id: string): BackendEvent {
  return { type: 'window.closed', id, unmapped: true };
}

export function busNameOf(id: string): string {
  return refOf(id)[0];
}

export function topLevelOf(node: BackendNode): AccessibleTopLevel {
  const win: AccessibleTopLevel = {
    id: node.id,
    name: node.props.name,
    rect: node.props.rect,
    shown: !node.props.states.includes('offscreen'),
  };
  if (node.props.pid !== undefined) win.pid = node.props.pid;
  return win;
}

/** Pre-order nodes without the subtrees rooted at `ids` (and the root's links to them). */
export function withoutSubtrees(
  nodes: readonly BackendNode[],
  ids: ReadonlySet<string>,
): BackendNode[] {
  const dropped = new Set(ids);
  const kept: BackendNode[] = [];
  for (const node of nodes) {
    if (dropped.has(node.id) || (node.parentId !== null && dropped.has(node.parentId))) {
      dropped.add(node.id);
      continue;
    }
    kept.push(node);
  }
  const [root, ...rest] = kept;
  if (root === undefined) return kept;
  return [{ ...root, children: root.children.filter((id) => !ids.has(id)) }, ...rest];
}
