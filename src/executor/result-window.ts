/**
 * Which window an action's result names, read after the settle. It must agree with the
 * result's own `changes`: a window the action opened and that did not close again is the
 * answer even when the cache cannot resolve its ref at that moment, since naming the window
 * the action started in (or the one focused before) would contradict `changes.opened`.
 */
import type { ChangeSummary, Patch, WindowInfo } from '../../protocol/src/index.js';

/** What naming the result's window reads from the cache. */
export interface WindowLookup {
  /** The window `ref` names, when the cache holds it. */
  window(ref: string | null): WindowInfo | undefined;
  /** The window of the focused element, when known. */
  focusedWindow(): WindowInfo | undefined;
  /** The foreground window, when known. */
  foreground(): WindowInfo | undefined;
}

/**
 * The window the action opened last that is still open (as the cache holds it, else as it was
 * announced); else where focus went when the action moved it or closed a window (a click that
 * closes a dialog names the window now focused); else the action's own window.
 */
export function nameResultWindow(
  lookup: WindowLookup,
  ownRef: string | null,
  changes: ChangeSummary,
  patches: readonly Patch[],
): WindowInfo | undefined {
  const opened = lastOpenWindow(lookup, changes, patches);
  if (opened !== undefined) return opened;
  const own = lookup.window(ownRef);
  if (own !== undefined && changes.focus === null && changes.closed.length === 0) return own;
  return lookup.focusedWindow() ?? lookup.foreground() ?? own;
}

function lastOpenWindow(
  lookup: WindowLookup,
  changes: ChangeSummary,
  patches: readonly Patch[],
): WindowInfo | undefined {
  const closed = new Set(changes.closed.map((w) => w.ref));
  for (let i = changes.opened.length - 1; i >= 0; i--) {
    const ref = (changes.opened[i] as ChangeSummary['opened'][number]).ref;
    const live = lookup.window(ref);
    if (live !== undefined) return live;
    if (!closed.has(ref)) return announced(patches, ref);
  }
  return undefined;
}

/** The window as its last `window.opened` described it. */
function announced(patches: readonly Patch[], ref: string): WindowInfo | undefined {
  for (let i = patches.length - 1; i >= 0; i--) {
    const patch = patches[i] as Patch;
    if (patch.op === 'window.opened' && patch.window.ref === ref) return patch.window;
  }
  return undefined;
}
