/**
 * Region reads: a small, token-cheap look at one part of a window (focused element and its
 * neighbours, menu, status bar, dialog, title bar, toolbar), at most 50 elements and about
 * 200 tokens, rendered with the snapshot's line format.
 */
import type {
  ControlType,
  ElementNode,
  MethodParams,
  MethodResult,
  Region,
} from '../../../protocol/src/index.js';
import { moreLine, wsCallName } from '../../hints.js';
import { collectLines, estimateTokens, lineText, type SnapshotLine } from '../snapshot.js';
import type { CachedNode, TreeState } from '../tree.js';
import { startsHidden } from '../visibility.js';
import { formLines, formRank, type FormRank } from './dialog-form.js';
import { windowFor } from './resolve.js';

export const REGION_MAX_ELEMENTS = 50;
export const REGION_MAX_TOKENS = 200;

export function region(
  state: TreeState,
  p: MethodParams<'regions.read'>,
): MethodResult<'regions.read'> {
  const win = windowFor(state, p) ?? activeWindow(state);
  const root = win === null ? null : regionRoot(state, win, p.region);
  const base = { revision: state.revision, region: p.region, window: win?.window ?? null };
  if (root === null) return { ...base, found: false, text: '', elements: [] };
  // A dialog's form leaves out closed popovers and summarises lists: no hidden count to give.
  const { lines, hiddenCount } =
    p.region === 'dialog'
      ? { lines: formLines(root), hiddenCount: 0 }
      : collectLines(root, { compact: true, maxDepth: p.region === 'focused' ? 1 : 3 });
  const subject = p.region === 'focused' ? (state.focused?.ref ?? root.ref) : root.ref;
  const kept = withinBudget(lines, subject, p.region === 'dialog' ? formRank : undefined);
  const elements: ElementNode[] = kept.map((l) =>
    state.toElement(state.byRef.get(l.ref) as CachedNode),
  );
  const text = kept.map(lineText).join('\n');
  const omitted = lines.length - kept.length + hiddenCount;
  if (omitted === 0) return { ...base, found: true, text, elements };
  const more = {
    omitted,
    ...(hiddenCount > 0 ? { hidden: hiddenCount } : {}),
    next: { method: 'tree.snapshot', params: { root: root.ref } },
  };
  // The method table speaks the WebSocket vocabulary; MCP renders `more` with its own tools.
  const marker = moreLine(more, wsCallName);
  return { ...base, found: true, text: `${text}\n${marker}`, elements, more };
}

/**
 * The lines a region shows within its budget: always the region's root and its subject (the
 * focused element of `focused`), then the lines nearest the subject (a dialog: its controls
 * before its labels and lists), shown in tree order.
 */
function withinBudget(lines: SnapshotLine[], subject: string, first?: FormRank): SnapshotLine[] {
  const at = Math.max(
    0,
    lines.findIndex((l) => l.ref === subject),
  );
  const byNearness = lines
    .map((line, i) => ({ line, i }))
    .sort(
      (a, b) =>
        (first === undefined ? 0 : first(a.line) - first(b.line)) || rank(a.i, at) - rank(b.i, at),
    );
  const chosen = new Set<number>();
  let tokens = 0;
  for (const { line, i } of byNearness) {
    const cost = estimateTokens(lineText(line)) + 1;
    const must = i === 0 || i === at;
    if (!must && (chosen.size >= REGION_MAX_ELEMENTS || tokens + cost > REGION_MAX_TOKENS))
      continue;
    chosen.add(i);
    tokens += cost;
  }
  return lines.filter((_, i) => chosen.has(i));
}

/** Root first, then the subject, then by distance from the subject. */
function rank(i: number, subject: number): number {
  if (i === 0) return -2;
  if (i === subject) return -1;
  return Math.abs(i - subject);
}

function activeWindow(state: TreeState): CachedNode | null {
  if (state.foreground !== null) return state.foreground;
  if (state.focused !== null) return state.windowOf(state.focused);
  return state.root?.children[0] ?? null;
}

/** The first shown element of the first of `types` found, in pre-order under `root`. */
function firstOfType(root: CachedNode, types: readonly ControlType[]): CachedNode | null {
  for (const type of types) {
    const stack: CachedNode[] = [...root.children].reverse();
    while (stack.length > 0) {
      const n = stack.pop() as CachedNode;
      if (startsHidden(n, n.parent)) continue;
      if (n.props.controlType === type) return n;
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as CachedNode);
    }
  }
  return null;
}

function regionRoot(state: TreeState, win: CachedNode, region: Region): CachedNode | null {
  switch (region) {
    case 'focused': {
      const f = state.focused;
      if (f === null || f.window !== win.window) return null;
      return f.parent !== null && f.parent !== state.root ? f.parent : f;
    }
    case 'menu':
      return openMenu(state, win) ?? firstOfType(win, ['MenuBar']);
    case 'status':
      return firstOfType(win, ['StatusBar']);
    case 'titlebar':
      return firstOfType(win, ['TitleBar']);
    case 'toolbar':
      return firstOfType(win, ['ToolBar']);
    case 'dialog':
      return dialogOf(state, win);
  }
}

/** An open popup menu: a Menu inside the window, or a top-level Menu of the same app. */
function openMenu(state: TreeState, win: CachedNode): CachedNode | null {
  const inside = firstOfType(win, ['Menu']);
  if (inside !== null) return inside;
  return (
    state.root?.children.find(
      (w) =>
        w.props.controlType === 'Menu' &&
        w.props.pid !== undefined &&
        w.props.pid === win.props.pid,
    ) ?? null
  );
}

/** A dialog: the window itself when modal, a modal top-level of the same app, or a nested Window. */
function dialogOf(state: TreeState, win: CachedNode): CachedNode | null {
  if (win.props.states.includes('modal')) return win;
  const modal = state.root?.children.find(
    (w) =>
      w !== win &&
      w.props.states.includes('modal') &&
      w.props.pid !== undefined &&
      w.props.pid === win.props.pid,
  );
  return modal ?? firstOfType(win, ['Window']);
}
