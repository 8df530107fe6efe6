/**
 * The ground-truth walk: the control-view TreeWalker element by element, every property read
 * live. It shares no path with the bulk fetch under test (no CacheRequest, no cached children),
 * so comparing the two checks the fetch against the platform itself. Slow by design (one
 * cross-process call per step and per property): for conformance tests, not for serving.
 */
import { TimeoutError } from '../../errors.js';
import type { BackendId, BackendNode } from '../backend.js';
import { addRef, release, type Ptr } from './uiaCom.js';
import { DESKTOP_ID } from './uiaConvert.js';
import { navigateChildren } from './uiaHostChildren.js';
import { idOf, nodeProps, readRaw, type TreeContext } from './uiaHostTree.js';

interface WalkState {
  ctx: TreeContext;
  treeWalker: Ptr;
  deadline: number;
  out: BackendNode[];
}

/** Pre-order nodes of the subtree under `id`, read through the TreeWalker. */
export async function walkSubtree(
  ctx: TreeContext,
  id: BackendId,
  deadline: number,
): Promise<BackendNode[]> {
  const start = id === DESKTOP_ID ? ctx.root : ctx.table.get(id);
  if (start === undefined) return [];
  const treeWalker = ctx.automation.controlViewWalker();
  try {
    addRef(start);
    const state: WalkState = { ctx, treeWalker, deadline, out: [] };
    await visit(state, start, id === DESKTOP_ID ? null : ctx.table.parentOf(id));
    return state.out;
  } finally {
    release(treeWalker);
  }
}

/** Read `el` and its subtree; releases `el`. */
async function visit(state: WalkState, el: Ptr, parentId: BackendId | null): Promise<BackendId> {
  try {
    if (Date.now() > state.deadline)
      throw new TimeoutError('ground-truth walk exceeded its deadline');
    const raw = readRaw(el, false);
    const id = idOf(state.ctx, el, raw);
    const node: BackendNode = {
      id,
      parentId,
      children: [],
      props: nodeProps(state.ctx, raw, parentId === DESKTOP_ID),
    };
    state.out.push(node);
    const read = await navigateChildren(state.ctx.automation, state.treeWalker, el);
    if (read.hasMore) node.hasMore = true;
    const children = read.elements;
    for (let i = 0; i < children.length; i++) {
      try {
        node.children.push(await visit(state, children[i] as Ptr, id));
      } catch (err) {
        for (const rest of children.slice(i + 1)) release(rest);
        throw err;
      }
    }
    return id;
  } finally {
    release(el);
  }
}
