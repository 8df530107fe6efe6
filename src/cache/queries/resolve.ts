/**
 * Turning what a caller names (refs, window selectors, app queries) into cached nodes, with
 * the typed errors the protocol promises: element_stale with the last known locator,
 * window_not_found / app_not_found, multiple_matches with candidates.
 */
import type { AppInfo } from '../../../protocol/src/index.js';
import {
  ElementNotFoundError,
  ElementStaleError,
  MultipleMatchesError,
  UiError,
} from '../../errors.js';
import type { CachedNode, TreeState } from '../tree.js';
import { hint } from '../../hints.js';

const STALE_RECOVERY = [
  hint(
    'Re-find the element with details.locator ({call} with its window, controlType, name)',
    'elements.find',
  ),
  'Or take a fresh snapshot and use its refs',
];
const NEVER_ISSUED_RECOVERY = [
  'Use a ref from an answer of this server (it restarted, or the ref was mistyped)',
  'Take a fresh snapshot or find the element by name to get a current ref',
];

/**
 * The live node of an element ref (or a window ref), else a typed error: element_stale when
 * this server issued the ref and the element is gone (its last locator in details, when still
 * remembered), element_not_found when it never issued it.
 */
export function nodeForRef(state: TreeState, ref: string): CachedNode {
  const node = ref.startsWith('w') ? state.windows.get(ref) : state.byRef.get(ref);
  if (node !== undefined) return node;
  const locator = state.tombstones.get(ref);
  if (locator !== undefined) {
    throw new ElementStaleError(`${ref} is gone (${locator.controlType} "${locator.name}")`, {
      details: { ref, locator },
      recovery: STALE_RECOVERY,
    });
  }
  const issued = state.wasIssued(ref);
  if (/^w\d+$/.test(ref)) {
    const why = issued ? 'closed' : 'never issued by this server';
    throw new UiError('window_not_found', `window ${ref}: ${why}`, { details: { ref, issued } });
  }
  if (issued) {
    throw new ElementStaleError(`${ref} is gone (too long ago to remember its locator)`, {
      details: { ref },
      recovery: STALE_RECOVERY.slice(1),
    });
  }
  throw new ElementNotFoundError(`${ref} was never issued by this server`, {
    details: { ref },
    recovery: NEVER_ISSUED_RECOVERY,
  });
}

/**
 * A window by ref (w3) or by a case-insensitive part of its title; `among` limits the
 * candidates (the windows of one app).
 */
export function windowForSelector(
  state: TreeState,
  selector: string,
  among?: ReadonlySet<string>,
): CachedNode {
  if (/^w\d+$/.test(selector)) {
    const node = nodeForRef(state, selector);
    if (among !== undefined && !among.has(selector)) {
      throw new UiError('window_not_found', `${selector} is not a window of that app`, {
        details: { selector, appWindows: [...among] },
      });
    }
    return node;
  }
  const needle = selector.toLowerCase();
  const matches = [...state.windows.values()].filter(
    (w) => w.nameKey.includes(needle) && (among === undefined || among.has(w.window ?? '')),
  );
  if (matches.length === 1) return matches[0] as CachedNode;
  const exact = matches.filter((w) => w.nameKey === needle);
  if (exact.length === 1) return exact[0] as CachedNode;
  if (matches.length === 0) {
    throw new UiError('window_not_found', `no window title contains "${selector}"`, {
      details: { selector, windows: [...state.windows.values()].map((w) => w.props.name) },
    });
  }
  throw new MultipleMatchesError(`${matches.length} windows match "${selector}"`, {
    details: { selector, candidates: matches.map((w) => ({ ref: w.window, title: w.props.name })) },
  });
}

/** Apps as the cache sees them: top-level windows grouped by pid (or app name). */
export function listApps(state: TreeState): AppInfo[] {
  const apps = new Map<string, AppInfo>();
  for (const win of state.windows.values()) {
    const name = win.props.app ?? '';
    const id = win.props.pid === undefined ? name : String(win.props.pid);
    let app = apps.get(id);
    if (app === undefined) {
      app = { id, name, windows: [] };
      if (win.props.pid !== undefined) app.pid = win.props.pid;
      apps.set(id, app);
    }
    app.windows.push(win.window ?? '');
  }
  return [...apps.values()];
}

/** Resolve an app by pid, id or name (exact name first, then a name part). */
export function resolveAppInfo(state: TreeState, query: string): AppInfo {
  const apps = listApps(state);
  const q = query.trim().toLowerCase();
  const byId = apps.filter((a) => a.id.toLowerCase() === q || String(a.pid) === q);
  const exact = apps.filter((a) => a.name.toLowerCase() === q);
  const partial = apps.filter((a) => a.name.toLowerCase().includes(q));
  const matches = byId.length > 0 ? byId : exact.length > 0 ? exact : partial;
  if (matches.length === 1) return matches[0] as AppInfo;
  if (matches.length === 0) {
    throw new UiError('app_not_found', `no running app matches "${query}"`, {
      details: { query, apps: apps.map((a) => a.name) },
    });
  }
  throw new MultipleMatchesError(`${matches.length} apps match "${query}"`, {
    details: { query, candidates: matches.map((a) => ({ id: a.id, name: a.name, pid: a.pid })) },
  });
}

/** The window refs of an app named by name, pid or id. */
export function appWindowRefs(state: TreeState, app: string): Set<string> {
  return new Set(resolveAppInfo(state, app).windows);
}

/**
 * The one window a read is about, from `window` and/or `app`: the selector among the app's
 * windows, or the app's only window (its foreground one when it has several). Null when
 * neither is given.
 */
export function windowFor(
  state: TreeState,
  p: { window?: string; app?: string },
): CachedNode | null {
  if (p.app === undefined)
    return p.window === undefined ? null : windowForSelector(state, p.window);
  const refs = appWindowRefs(state, p.app);
  if (p.window !== undefined) return windowForSelector(state, p.window, refs);
  const windows = [...refs].map((ref) => state.windows.get(ref)).filter((w) => w !== undefined);
  if (windows.length === 1) return windows[0] as CachedNode;
  const front = state.foreground !== null ? state.windowOf(state.foreground) : null;
  if (front !== null && refs.has(front.window ?? '')) return front;
  throw new MultipleMatchesError(`${p.app} has ${windows.length} windows: name one with window`, {
    details: {
      app: p.app,
      candidates: windows.map((w) => ({ ref: w.window, title: w.props.name })),
    },
  });
}
