/**
 * Window lifecycle on the sim desktop: open (optionally modal to an owner), close, crash,
 * minimize / maximize / restore. Raises window.opened / window.closed and the structure events
 * on the desktop root, as UIA does; a crash raises only the structure change (no window.closed),
 * as a dying process does.
 */
import type { SimApp } from './apps/app.js';
import type { Desktop } from './desktop.js';
import type { ElementSpec, SimElement } from './element.js';

export interface OpenOptions {
  /** The window this one is modal to: the owner cannot be activated while it is open. */
  owner?: SimElement;
  /** Leave focus and the foreground where they are. */
  background?: boolean;
}

/** Open a top-level window for `app`; `spec.rect` is absolute. */
export function openWindow(
  d: Desktop,
  app: SimApp,
  spec: ElementSpec,
  options: OpenOptions = {},
): SimElement {
  const win = d.build({ ...spec, type: 'Window' }, d.root, app, 0, 0);
  if (options.owner !== undefined) {
    win.states.add('modal');
    d.modalOwner.set(win, options.owner);
  }
  d.root.children.push(win);
  app.windows.push(win);
  d.zOrder.push(win);
  d.pump.emit({
    type: 'structure',
    change: 'childAdded',
    id: d.root.id,
    childId: win.id,
    windowId: win.id,
  });
  d.pump.emit({ type: 'window.opened', id: win.id });
  if (options.background !== true) d.activate(win);
  return win;
}

function detach(d: Desktop, win: SimElement): void {
  const app = win.app;
  if (app !== null) app.windows = app.windows.filter((w) => w !== win);
  const z = d.zOrder.indexOf(win);
  if (z >= 0) d.zOrder.splice(z, 1);
  d.modalOwner.delete(win);
  if (d.foreground === win) d.foreground = null;
}

/** Close a window (and any modal dialog it owns first). */
export function closeWindow(d: Desktop, win: SimElement): void {
  if (win.gone) return;
  for (const [dialog, owner] of [...d.modalOwner]) if (owner === win) closeWindow(d, dialog);
  const owner = d.modalOwner.get(win);
  detach(d, win);
  if (owner !== undefined && !owner.gone) {
    // Closing a modal dialog gives the foreground back to its owner, not the next window.
    d.zOrder.splice(d.zOrder.indexOf(owner), 1);
    d.zOrder.unshift(owner);
  }
  d.pump.emit({ type: 'window.closed', id: win.id });
  d.remove(win);
  // A process whose last window closed exits, as a document app does.
  if (win.app !== null && win.app.windows.length === 0) win.app.end(0);
  if (d.foreground === null) activateNext(d);
}

function activateNext(d: Desktop): void {
  const next = d.zOrder.find((w) => !w.gone && !w.states.has('minimized'));
  if (next !== undefined) d.activate(next);
}

/** The app's process dies: every window vanishes at once, without window.closed. */
export function crashApp(d: Desktop, app: SimApp): void {
  if (app.crashed) return;
  app.crashed = true;
  app.end(null);
  for (const win of [...app.windows]) {
    detach(d, win);
    d.remove(win);
  }
  if (d.foreground === null) activateNext(d);
}

/** Move/resize a window: its descendants move with it. Raises the window's rect change and
 * one 'invalidated' for its subtree (UIA does not raise a rect event per descendant). */
export function placeWindow(
  d: Desktop,
  win: SimElement,
  rect: NonNullable<SimElement['rect']>,
): void {
  const old = win.rect;
  if (old === null) return;
  const dx = rect.x - old.x;
  const dy = rect.y - old.y;
  const shift = (el: SimElement): void => {
    if (el.rect !== null) el.rect = { ...el.rect, x: el.rect.x + dx, y: el.rect.y + dy };
    el.children.forEach(shift);
  };
  win.children.forEach(shift);
  d.set(win, { rect: { ...rect } });
  d.pump.emit({ type: 'structure', change: 'invalidated', id: win.id, windowId: win.id });
}

const restoreRects = new WeakMap<SimElement, NonNullable<SimElement['rect']>>();

export function minimizeWindow(d: Desktop, win: SimElement): void {
  if (win.states.has('minimized')) return;
  d.setMinimized(win, true);
  if (d.foreground === win) {
    d.foreground = null;
    const next = d.zOrder.find((w) => w !== win && !w.states.has('minimized'));
    const z = d.zOrder.indexOf(win);
    d.zOrder.splice(z, 1);
    d.zOrder.push(win);
    if (next !== undefined) d.activate(next);
    else if (d.focused !== null) d.refocusAfterLoss(null);
  }
}

/** The monitor holding most of `win` (the first one when it is on none). */
export function monitorHolding(d: Desktop, win: SimElement): Desktop['monitors'][number] {
  let best = d.monitors[0] as Desktop['monitors'][number];
  const r = win.rect;
  if (r === null) return best;
  let bestArea = -1;
  for (const m of d.monitors) {
    const w = Math.min(r.x + r.width, m.rect.x + m.rect.width) - Math.max(r.x, m.rect.x);
    const h = Math.min(r.y + r.height, m.rect.y + m.rect.height) - Math.max(r.y, m.rect.y);
    const area = w > 0 && h > 0 ? w * h : 0;
    if (area > bestArea) [best, bestArea] = [m, area];
  }
  return best;
}

/** Maximize onto the work area of the monitor the window is on. */
export function maximizeWindow(d: Desktop, win: SimElement): void {
  if (win.states.has('maximized') || win.rect === null) return d.activate(win);
  restoreRects.set(win, { ...win.rect });
  d.setStates(win, ['maximized']);
  const m = monitorHolding(d, win);
  placeWindow(d, win, { ...(m.workArea ?? m.rect) });
  d.activate(win);
}

/** The rect a window returns to when restored from maximized or fullscreen. */
export function rememberRestoreRect(win: SimElement): void {
  if (win.rect !== null && !restoreRects.has(win)) restoreRects.set(win, { ...win.rect });
}

/** Put a remembered rect back (after fullscreen, say); false when none was remembered. */
export function putBackRestoreRect(d: Desktop, win: SimElement): boolean {
  const saved = restoreRects.get(win);
  if (saved === undefined) return false;
  restoreRects.delete(win);
  placeWindow(d, win, saved);
  return true;
}

export function restoreWindow(d: Desktop, win: SimElement): void {
  if (win.states.has('maximized')) {
    d.setStates(win, [], ['maximized']);
    putBackRestoreRect(d, win);
  }
  d.activate(win);
}
