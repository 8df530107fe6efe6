/**
 * Window ops on the sim desktop: move, resize, state, activate, close, read back from the
 * desktop as a platform reads a window after changing it. Fullscreen covers the whole monitor
 * (maximized covers its work area); the sim has no state for it, so it is kept here.
 */
import { ActionFailedError } from '../../errors.js';
import type { MonitorInfo, WindowGeometry, WindowOp, WindowStacking } from '../backend.js';
import type { Desktop } from './desktop.js';
import type { SimElement } from './element.js';
import type { MonitorSpec } from './scene.js';
import {
  closeWindow,
  maximizeWindow,
  minimizeWindow,
  monitorHolding,
  placeWindow,
  putBackRestoreRect,
  rememberRestoreRect,
  restoreWindow,
} from './windows.js';

const fullscreen = new WeakSet<SimElement>();

/** The window as the desktop has it now. */
export function geometryOf(d: Desktop, win: SimElement, via: string): WindowGeometry {
  const closed = win.gone;
  let state: WindowGeometry['state'] = 'normal';
  if (win.states.has('minimized')) state = 'minimized';
  else if (fullscreen.has(win)) state = 'fullscreen';
  else if (win.states.has('maximized')) state = 'maximized';
  return {
    rect: closed || win.rect === null ? null : { ...win.rect },
    state,
    foreground: !closed && d.foreground === win,
    closed,
    via,
  };
}

function leaveFullscreen(d: Desktop, win: SimElement): void {
  if (!fullscreen.delete(win)) return;
  putBackRestoreRect(d, win);
}

function setState(d: Desktop, win: SimElement, state: WindowGeometry['state']): void {
  if (state === 'minimized') return minimizeWindow(d, win);
  if (win.states.has('minimized')) d.activate(win);
  if (state === 'normal') {
    leaveFullscreen(d, win);
    return restoreWindow(d, win);
  }
  if (state === 'maximized') {
    leaveFullscreen(d, win);
    return maximizeWindow(d, win);
  }
  if (fullscreen.has(win)) return d.activate(win);
  if (win.states.has('maximized')) restoreWindow(d, win);
  rememberRestoreRect(win);
  fullscreen.add(win);
  placeWindow(d, win, { ...monitorHolding(d, win).rect });
  d.activate(win);
}

/** Carry `op` out on a top-level window; answers it as read back, and the call that did it. */
export function applyWindowOp(d: Desktop, win: SimElement, op: WindowOp): WindowGeometry {
  if (win.parent !== d.root || win.rect === null) {
    throw new ActionFailedError(`${win.controlType} "${win.name}" is not a top-level window`);
  }
  const r = win.rect;
  switch (op.op) {
    case 'move':
      placeWindow(d, win, { ...r, x: op.x, y: op.y });
      return geometryOf(d, win, 'move');
    case 'resize':
      placeWindow(d, win, { ...r, width: op.width, height: op.height });
      return geometryOf(d, win, 'resize');
    case 'state':
      setState(d, win, op.state);
      return geometryOf(d, win, `state:${op.state}`);
    case 'activate':
      d.activate(win);
      return geometryOf(d, win, 'activate');
    case 'close':
      if (win.hooks.close !== undefined) win.hooks.close();
      else closeWindow(d, win);
      return geometryOf(d, win, 'close');
  }
}

/** Top-level windows, topmost first, with their state. */
export function simStacking(d: Desktop): WindowStacking[] {
  return d.zOrder
    .filter((w) => !w.gone)
    .map((w) => ({ id: w.id, state: geometryOf(d, w, '').state }));
}

/** The monitors a scene declares, or the screen as one. */
export function sceneMonitors(
  screen: { width: number; height: number },
  specs: readonly MonitorSpec[] | undefined,
): MonitorInfo[] {
  if (specs === undefined || specs.length === 0) {
    const rect = { x: 0, y: 0, width: screen.width, height: screen.height };
    return [{ index: 0, rect, scale: 1, primary: true }];
  }
  const box = ([x, y, width, height]: readonly number[]) => ({
    x: x ?? 0,
    y: y ?? 0,
    width: width ?? 0,
    height: height ?? 0,
  });
  const primary = Math.max(
    0,
    specs.findIndex((m) => m.primary),
  );
  return specs.map((m, index) => ({
    index,
    rect: box(m.rect),
    ...(m.workArea === undefined ? {} : { workArea: box(m.workArea) }),
    scale: m.scale,
    primary: index === primary,
  }));
}
