/**
 * The sim's pointer: where it is, and a press that becomes a drag once it moves past a
 * threshold from an element that can be dragged (as toolkits do). While dragging, the drop
 * site under the pointer hears `dragOver`; the release drops on it. A press and release without
 * a drag is a click.
 */
import type { InputAction } from '../backend.js';
import type { Desktop } from './desktop.js';
import type { SimElement } from './element.js';

/** Pixels the pointer must move, pressed, before a press becomes a drag (GTK's default is 8). */
export const DRAG_THRESHOLD = 8;

interface Press {
  button: string;
  source: SimElement | null;
  x: number;
  y: number;
  dragging: boolean;
}

interface PointerState {
  x: number;
  y: number;
  press: Press | null;
}

const pointers = new WeakMap<Desktop, PointerState>();

export function pointerOf(d: Desktop): PointerState {
  let state = pointers.get(d);
  if (state === undefined) {
    state = { x: 0, y: 0, press: null };
    pointers.set(d, state);
  }
  return state;
}

/** The element, or its nearest ancestor, that takes drops. */
function dropSite(hit: SimElement | null): SimElement | null {
  let at = hit;
  while (at !== null && at.hooks.drop === undefined) at = at.parent;
  return at;
}

/** The element, or its nearest ancestor, that can be dragged. */
function dragSource(hit: SimElement | null): SimElement | null {
  let at = hit;
  while (at !== null && at.hooks.canDrag === undefined) at = at.parent;
  return at !== null && at.hooks.canDrag?.() === true ? at : null;
}

export interface PointerDeps {
  elementAt(x: number, y: number): SimElement | null;
  /** What a press does to focus (bring the window up, focus the control). */
  pressFocus(hit: SimElement): void;
  /** A plain click's action on the element. */
  click(x: number, y: number): void;
}

export function movePointer(d: Desktop, deps: PointerDeps, x: number, y: number): void {
  const state = pointerOf(d);
  state.x = x;
  state.y = y;
  const press = state.press;
  if (press === null || press.source === null || press.source.gone) return;
  if (!press.dragging && Math.hypot(x - press.x, y - press.y) >= DRAG_THRESHOLD) {
    press.dragging = true;
  }
  if (press.dragging) dropSite(deps.elementAt(x, y))?.hooks.dragOver?.(press.source);
}

export function pressButton(
  d: Desktop,
  deps: PointerDeps,
  action: Extract<InputAction, { kind: 'button' }>,
): void {
  const state = pointerOf(d);
  if (action.x !== state.x || action.y !== state.y) movePointer(d, deps, action.x, action.y);
  if (action.down) {
    const hit = deps.elementAt(action.x, action.y);
    if (hit !== null) deps.pressFocus(hit);
    const source = action.button === 'left' ? dragSource(hit) : null;
    state.press = { button: action.button, source, x: action.x, y: action.y, dragging: false };
    return;
  }
  const press = state.press;
  state.press = null;
  if (press === null || press.button !== action.button) return;
  if (!press.dragging) {
    if (press.button === 'left') deps.click(action.x, action.y);
    return;
  }
  if (press.source === null || press.source.gone) return;
  const site = dropSite(deps.elementAt(action.x, action.y));
  if (site !== null && site !== press.source) site.hooks.drop?.(press.source);
}
