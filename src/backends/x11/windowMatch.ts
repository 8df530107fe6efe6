/**
 * Matching accessible top-level windows to the X server's windows, to tell which accessible
 * windows are really on screen. Toolkits keep accessible objects for hidden windows (Qt keeps a
 * closed QDialog as a child of its application, with no event), so an accessible window counts
 * as open only while some X window of the same process matches it.
 *
 * Per process: pairs with equal titles first, then the nearest extents (a window the toolkit
 * itself reports hidden pairs last), one X window per accessible window. An accessible window
 * left without an X window is hidden. A process the X view cannot judge (it never set
 * `_NET_WM_PID` on a top-level window) keeps all its windows: an X view that does not know an
 * app must never hide it.
 */
import type { Rect } from '../../../protocol/src/index.js';
import type { XTopLevel, XWindowView } from './x11Windows.js';

export interface AccessibleTopLevel {
  id: string;
  pid?: number;
  name: string;
  rect: Rect | null;
  /** Whether the toolkit reports it showing. */
  shown: boolean;
}

export interface WindowMatch {
  /** Accessible windows with no X window: not on screen. */
  hidden: Set<string>;
  /** X window -> the accessible window it matched. */
  byXid: Map<number, string>;
}

/** Extents differences weigh less than this; a window the toolkit calls hidden pairs last. */
const NOT_SHOWN_PENALTY = 1e7;
/** Pairs with no extents on one side pair after every measured pair. */
const NO_RECT = 1e6;

export function matchWindows(
  accessible: readonly AccessibleTopLevel[],
  view: XWindowView,
  judges: (pid: number) => boolean,
): WindowMatch {
  const match: WindowMatch = { hidden: new Set(), byXid: new Map() };
  const byPid = new Map<number, AccessibleTopLevel[]>();
  for (const win of accessible) {
    if (win.pid === undefined || !judges(win.pid)) continue;
    const group = byPid.get(win.pid) ?? [];
    group.push(win);
    byPid.set(win.pid, group);
  }
  for (const [pid, group] of byPid) {
    const xs = view.windows.filter((x) => x.pid === pid);
    matchGroup(group, xs, match);
  }
  return match;
}

function matchGroup(
  group: readonly AccessibleTopLevel[],
  xs: readonly XTopLevel[],
  match: WindowMatch,
): void {
  const freeAcc = new Set(group);
  const freeX = new Set(xs);
  const pair = (a: AccessibleTopLevel, x: XTopLevel): void => {
    freeAcc.delete(a);
    freeX.delete(x);
    match.byXid.set(x.xid, a.id);
  };
  for (const x of xs) {
    const a = [...freeAcc].find((w) => w.name !== '' && w.name === x.title);
    if (a !== undefined) pair(a, x);
  }
  const candidates: { a: AccessibleTopLevel; x: XTopLevel; cost: number }[] = [];
  for (const a of freeAcc) for (const x of freeX) candidates.push({ a, x, cost: cost(a, x) });
  candidates.sort((p, q) => p.cost - q.cost);
  for (const { a, x } of candidates) if (freeAcc.has(a) && freeX.has(x)) pair(a, x);
  for (const a of freeAcc) match.hidden.add(a.id);
}

function cost(a: AccessibleTopLevel, x: XTopLevel): number {
  const penalty = a.shown ? 0 : NOT_SHOWN_PENALTY;
  if (a.rect === null || x.rect === null) return penalty + NO_RECT;
  const r = a.rect;
  const s = x.rect;
  const d =
    Math.abs(r.x - s.x) +
    Math.abs(r.y - s.y) +
    Math.abs(r.width - s.width) +
    Math.abs(r.height - s.height);
  return penalty + Math.min(d, NO_RECT - 1);
}
