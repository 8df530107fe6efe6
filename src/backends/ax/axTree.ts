/**
 * Subtree reads in the AX host: one AXUIElementCopyMultipleAttributeValues per element, the
 * action names, children by AXUIElementCopyAttributeValues in ranges; depth, node and children
 * caps so one huge table or a cyclic tree cannot hold the host. The desktop root's children are
 * the watched apps' windows (apps themselves are not exposed, as on the other platforms).
 */
import { ElementStaleError, TimeoutError } from '../../errors.js';
import type { BackendId, BackendNode, BackendProps } from '../backend.js';
import type { AppTracker } from './axApps.js';
import { fromAxError } from './axErrors.js';
import { PROP_ATTRIBUTES, rawProps, toBackendProps } from './axProps.js';
import { AX_ERROR, isAxError, type AxRef, type AxSurface } from './axSurface.js';
import { DESKTOP_ID, type ElementTable } from './axTable.js';

export interface TreeCaps {
  /** Levels below a fetch's root at most, whatever the caller asks. */
  maxDepth: number;
  /** Nodes one fetch returns at most. */
  maxNodes: number;
  /** Children read per element at most (a 100 000-row table lists its first ones). */
  maxChildren: number;
  /** Children per AXUIElementCopyAttributeValues call. */
  childBatch: number;
}

export const DEFAULT_CAPS: TreeCaps = {
  maxDepth: 64,
  maxNodes: 10_000,
  maxChildren: 1_000,
  childBatch: 100,
};

export interface TreeContext {
  surface: AxSurface;
  table: ElementTable;
  apps: AppTracker;
  caps: TreeCaps;
  /** Who to name in permission errors. */
  grantTo: string;
  /** Ids found gone while reading (kAXErrorInvalidUIElement): the host reports removals. */
  onGone(ids: BackendId[]): void;
  now(): number;
}

/** The props of one element; throws AxCallError when the element cannot be read at all. */
export function readProps(ctx: TreeContext, ref: AxRef, pid: number): BackendProps {
  const values = ctx.surface.copyAttributes(ref, PROP_ATTRIBUTES);
  const raw = rawProps(values, (r) => ctx.surface.release(r));
  let actions: string[] = [];
  try {
    actions = ctx.surface.actionNames(ref);
  } catch (err) {
    if (isAxError(err, AX_ERROR.invalidUIElement)) throw err;
  }
  const props = toBackendProps(raw, actions, pid);
  const app = ctx.apps.get(pid);
  if (app !== undefined && raw.AXRole === 'AXWindow') props.app = app.name;
  return props;
}

/** Child ids of an element, adopted into the table, capped. */
export function readChildren(
  ctx: TreeContext,
  id: BackendId,
  ref: AxRef,
  pid: number,
): BackendId[] {
  const { maxChildren, childBatch } = ctx.caps;
  let count: number;
  try {
    count = ctx.surface.attributeCount(ref, 'AXChildren');
  } catch (err) {
    if (isAxError(err, AX_ERROR.invalidUIElement)) throw err;
    return []; // no AXChildren attribute: a leaf
  }
  const ids: BackendId[] = [];
  for (let index = 0; index < Math.min(count, maxChildren); index += childBatch) {
    const max = Math.min(childBatch, maxChildren - index);
    for (const child of ctx.surface.copyElements(ref, 'AXChildren', index, max))
      ids.push(ctx.table.adopt(child, pid, id));
  }
  return ids;
}

/** The watched apps' windows, adopted as children of the desktop. */
export function desktopChildren(ctx: TreeContext): BackendId[] {
  const ids: BackendId[] = [];
  for (const app of ctx.apps.all()) {
    try {
      for (const win of ctx.surface.copyElements(app.ref, 'AXWindows', 0, ctx.caps.maxChildren))
        ids.push(ctx.table.adopt(win, app.pid, DESKTOP_ID));
    } catch {
      // an app that does not answer lists no windows this time; the poll decides if it quit
    }
  }
  return ids;
}

function desktopNode(ctx: TreeContext): BackendNode {
  return {
    id: DESKTOP_ID,
    parentId: null,
    children: desktopChildren(ctx),
    props: {
      controlType: 'Pane',
      name: 'Desktop',
      rect: ctx.surface.displayBounds(),
      states: ['enabled'],
      patterns: [],
    },
  };
}

function readNode(ctx: TreeContext, id: BackendId): BackendNode {
  if (id === DESKTOP_ID) return desktopNode(ctx);
  const entry = ctx.table.get(id);
  if (entry === undefined)
    throw new ElementGone(`element ${id} is not known to this AX host (fetch it first)`);
  try {
    const props = readProps(ctx, entry.ref, entry.pid);
    const children = readChildren(ctx, id, entry.ref, entry.pid);
    return { id, parentId: entry.parentId, children, props };
  } catch (err) {
    if (isAxError(err, AX_ERROR.invalidUIElement)) {
      ctx.onGone(ctx.table.remove(id));
      throw new ElementGone(`element ${id} is gone (invalid UI element)`);
    }
    throw err;
  }
}

class ElementGone extends Error {}

/**
 * A subtree, root first, pre-order. A child gone while reading is left out (and reported);
 * the root gone is element_stale. Nodes at the depth or node cap list children not returned.
 */
export function fetchSubtree(
  ctx: TreeContext,
  rootId: BackendId,
  maxDepth: number | null,
  deadline: number,
): BackendNode[] {
  const depthCap = Math.min(maxDepth ?? ctx.caps.maxDepth, ctx.caps.maxDepth);
  const nodes: BackendNode[] = [];
  const stack: { id: BackendId; depth: number; parent: BackendNode | null }[] = [
    { id: rootId, depth: 0, parent: null },
  ];
  while (stack.length > 0 && nodes.length < ctx.caps.maxNodes) {
    if (ctx.now() > deadline) throw new TimeoutError(`reading ${rootId} passed its deadline`);
    const { id, depth, parent } = stack.pop() as (typeof stack)[number];
    let node: BackendNode;
    try {
      node = readNode(ctx, id);
    } catch (err) {
      if (err instanceof ElementGone) {
        if (parent === null) throw new ElementStaleError(err.message);
        parent.children = parent.children.filter((c) => c !== id);
        continue;
      }
      throw fromAxError(err, `element ${id}`, ctx.grantTo);
    }
    nodes.push(node);
    if (depth >= depthCap) continue;
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push({ id: node.children[i] as BackendId, depth: depth + 1, parent: node });
  }
  return nodes;
}
