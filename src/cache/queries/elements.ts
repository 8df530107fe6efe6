/** Single-element reads from the cache: get (with fields), text, element at a point, focus. */
import type { ElementNode, MethodParams, MethodResult } from '../../../protocol/src/index.js';
import type { CachedNode, TreeState } from '../tree.js';
import { nodeForRef, resolveAppInfo, windowFor } from './resolve.js';

export function get(
  state: TreeState,
  p: MethodParams<'elements.get'>,
): MethodResult<'elements.get'> {
  const element = state.toElement(nodeForRef(state, p.ref));
  if (p.fields === undefined) return { revision: state.revision, element };
  const picked: Partial<ElementNode> = {};
  for (const field of p.fields) {
    if (element[field] !== undefined) (picked as Record<string, unknown>)[field] = element[field];
  }
  return { revision: state.revision, element: picked };
}

/** The readable text of a node: its value when it has one, else its name. */
export function nodeText(node: CachedNode): string {
  const { value, name } = node.props;
  if (value !== undefined && value !== '')
    return value === name || name === '' ? value : `${name}: ${value}`;
  return name;
}

export function text(
  state: TreeState,
  p: MethodParams<'elements.text'>,
): MethodResult<'elements.text'> {
  const root = p.ref !== undefined ? nodeForRef(state, p.ref) : (windowFor(state, p) as CachedNode);
  const parts: string[] = [];
  let length = 0;
  let truncated = false;
  state.walk(
    root,
    (node) => {
      const t = nodeText(node);
      if (t === '') return true;
      const sep = parts.length > 0 ? 1 : 0;
      if (length + sep + t.length > p.maxChars) {
        const room = p.maxChars - length - sep;
        if (room > 0) parts.push(t.slice(0, room));
        truncated = true;
        return false;
      }
      parts.push(t);
      length += sep + t.length;
      return true;
    },
    p.includeChildren ? Infinity : 0,
  );
  return { revision: state.revision, text: parts.join('\n'), truncated };
}

function contains(node: CachedNode, x: number, y: number): boolean {
  const r = node.props.rect;
  return r !== null && x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height;
}

/**
 * Windows in hit-test order: modal windows first (a modal dialog stays above the window it
 * blocks, even while that window is still the one reported active), then the foreground
 * window, then later siblings over earlier.
 */
export function windowsTopmostFirst(state: TreeState): CachedNode[] {
  const wins = [...(state.root?.children ?? [])].reverse();
  const fg = state.foreground;
  const modal = wins.filter((w) => w.props.states.includes('modal'));
  const first = fg === null || modal.includes(fg) ? modal : [...modal, fg];
  return [...first, ...wins.filter((w) => !first.includes(w))];
}

export function at(state: TreeState, p: MethodParams<'elements.at'>): MethodResult<'elements.at'> {
  for (const win of windowsTopmostFirst(state)) {
    if (win.props.states.includes('minimized') || !contains(win, p.x, p.y)) continue;
    let node = win;
    for (;;) {
      const hit = [...node.children].reverse().find((c) => contains(c, p.x, p.y));
      if (hit === undefined) break;
      node = hit;
    }
    return { revision: state.revision, element: state.toElement(node) };
  }
  return { revision: state.revision, element: null };
}

export function focused(state: TreeState, p: MethodParams<'focus.get'>): MethodResult<'focus.get'> {
  const node = state.focused;
  const win = node === null ? null : state.windowOf(node);
  const inApp =
    p.app === undefined ||
    (win !== null && resolveAppInfo(state, p.app).windows.includes(win.window ?? ''));
  if (node === null || !inApp) {
    return { revision: state.revision, hasFocus: false, element: null, window: null };
  }
  return {
    revision: state.revision,
    hasFocus: true,
    element: state.toElement(node),
    window: win === null ? null : state.windowInfo(win),
  };
}
