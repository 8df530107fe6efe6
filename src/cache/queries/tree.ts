/** Tree-shaped reads: nested trees, pre-order subtrees for mirrors, the window list. */
import type {
  ElementNode,
  MethodParams,
  MethodResult,
  TreeNode,
  WindowInfo,
} from '../../../protocol/src/index.js';
import { UiError } from '../../errors.js';
import type { CachedNode, TreeState } from '../tree.js';
import { nodeForRef, resolveAppInfo, windowFor, windowForSelector } from './resolve.js';

export function scopeNode(
  state: TreeState,
  p: { root?: string; window?: string; app?: string },
): CachedNode | null {
  if (p.root !== undefined) return nodeForRef(state, p.root);
  return windowFor(state, p) ?? state.root;
}

/**
 * A nested tree. With `controlTypes`, elements of other types are left out and their
 * matching descendants hang from the nearest kept ancestor (the root is always kept).
 */
export function tree(state: TreeState, p: MethodParams<'tree.get'>): MethodResult<'tree.get'> {
  const root = scopeNode(state, p);
  if (root === null) throw new UiError('backend_unavailable', 'the cache holds no desktop yet');
  const keep = p.controlTypes === undefined ? null : new Set(p.controlTypes);
  const build = (node: CachedNode, depth: number, into: TreeNode[]): void => {
    const kept = keep === null || keep.has(node.props.controlType) || node === root;
    let children = into;
    if (kept) {
      const tn: TreeNode = { ...state.toElement(node), children: [] };
      into.push(tn);
      children = tn.children;
    }
    if (depth >= p.depth) return;
    for (const c of node.children) build(c, depth + 1, children);
  };
  const top: TreeNode[] = [];
  build(root, 0, top);
  return { revision: state.revision, tree: top[0] as TreeNode };
}

/** Pre-order nodes of a subtree (the starting point of a tree mirror). */
export function subtree(
  state: TreeState,
  ref: string,
  depth = Infinity,
): { root: string; nodes: ElementNode[] } {
  const root = nodeForRef(state, ref);
  const nodes: ElementNode[] = [];
  state.walk(
    root,
    (n) => {
      nodes.push(state.toElement(n));
    },
    depth,
  );
  return { root: root.ref, nodes };
}

export function windowsList(
  state: TreeState,
  p: MethodParams<'windows.list'>,
): MethodResult<'windows.list'> {
  const app = p.app === undefined ? null : new Set(resolveAppInfo(state, p.app).windows);
  const windows: WindowInfo[] = [];
  for (const win of state.root?.children ?? []) {
    if (app !== null && !app.has(win.window ?? '')) continue;
    const info = state.windowInfo(win);
    if (!p.includeMinimized && info.minimized) continue;
    windows.push(info);
  }
  return { revision: state.revision, windows };
}

export function resolveWindow(state: TreeState, selector: string): WindowInfo {
  return state.windowInfo(windowForSelector(state, selector));
}
