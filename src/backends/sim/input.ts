/**
 * Raw keyboard and mouse input on the sim desktop. Keys go to the foreground window (its
 * accelerators first: Ctrl+S, Enter/Escape in dialogs) and then to the focused element; a
 * click hits the element under the point. Raw input never waits for the app: a click on a
 * button whose handler opens a modal dialog returns at once (unlike the Invoke pattern).
 */
import { ActionFailedError, InvalidParamsError } from '../../errors.js';
import type { InputAction, KeyCombo } from '../backend.js';
import type { Desktop } from './desktop.js';
import { contains, type SimElement } from './element.js';
import { expandCollapse, selectItem, setRange, toggle } from './patterns.js';
import { clipboardKey, deleteText, insertText, moveCaret, selectAll } from './text.js';
import { closeWindow } from './windows.js';
import { movePointer, pointerOf, pressButton, type PointerDeps } from './pointer.js';

const MODIFIERS = new Set(['ctrl', 'alt', 'shift', 'meta']);

/** Run a handler the way a message loop does: nobody waits for it, failures stay in the app. */
function fire(handler: (() => void | Promise<void>) | undefined): void {
  const result = handler?.();
  if (result instanceof Promise) result.catch(() => undefined);
}

/** The deepest element under the point within `el` (children later in order are on top). */
function deepestAt(el: SimElement, x: number, y: number): SimElement | null {
  if (!contains(el.rect, x, y)) return null;
  for (const child of [...el.children].reverse()) {
    const hit = deepestAt(child, x, y);
    if (hit !== null) return hit;
  }
  return el;
}

/** An open popup (a menu or a drop-down list: the content of an expanded element) under the point. */
function popupAt(el: SimElement, x: number, y: number): SimElement | null {
  for (const child of el.children) {
    const hit = el.states.has('expanded') ? deepestAt(child, x, y) : popupAt(child, x, y);
    if (hit !== null) return hit;
  }
  return null;
}

/** The topmost, deepest element at a point, or null (desktop background). Popups lie on top. */
export function elementAt(d: Desktop, x: number, y: number): SimElement | null {
  for (const win of d.zOrder) {
    if (win.states.has('minimized')) continue;
    const popup = popupAt(win, x, y);
    if (popup !== null) return popup;
    const hit = deepestAt(win, x, y);
    if (hit !== null) return hit;
  }
  return null;
}

const KINDS = new Set(['keys', 'text', 'click', 'wheel', 'move', 'button']);
const BUTTONS = new Set(['left', 'right', 'middle']);
const finite = (...ns: unknown[]): boolean => ns.every((n) => Number.isFinite(n));

function validateKeys(combos: unknown): void {
  if (!Array.isArray(combos) || combos.length === 0) {
    throw new InvalidParamsError('keys needs at least one key combination');
  }
  for (const c of combos as Partial<KeyCombo>[]) {
    if (typeof c.key !== 'string' || c.key.length === 0) {
      throw new InvalidParamsError('a key combination needs a key');
    }
    if (!Array.isArray(c.modifiers) || !c.modifiers.every((m) => MODIFIERS.has(m))) {
      throw new InvalidParamsError(`bad modifiers for ${c.key}: ${String(c.modifiers)}`);
    }
  }
}

/** Raw input arrives from the wire's callers: check every field before touching the desktop. */
function validate(action: InputAction): void {
  if (!KINDS.has(action.kind))
    throw new InvalidParamsError(`unknown input kind ${String(action.kind)}`);
  if (action.kind === 'keys') return validateKeys(action.combos);
  if (action.kind === 'text') {
    if (typeof action.text !== 'string') throw new InvalidParamsError('text needs a string');
    return;
  }
  if (!finite(action.x, action.y))
    throw new InvalidParamsError(`${action.kind} needs finite x and y`);
  if (action.kind === 'wheel' && !finite(action.dx, action.dy)) {
    throw new InvalidParamsError('wheel needs finite dx and dy');
  }
  if (action.kind === 'button' && !BUTTONS.has(action.button))
    throw new InvalidParamsError(`unknown mouse button ${String(action.button)}`);
  if (action.kind === 'click') {
    if (!BUTTONS.has(action.button))
      throw new InvalidParamsError(`unknown mouse button ${String(action.button)}`);
    if (!(Number.isInteger(action.count) && action.count >= 1)) {
      throw new InvalidParamsError('click count must be a positive integer');
    }
  }
}

export function applyInput(d: Desktop, action: InputAction): void {
  validate(action);
  switch (action.kind) {
    case 'keys':
      return action.combos.forEach((c) => pressKey(d, c));
    case 'text':
      return [...action.text].forEach((ch) => typeChar(d, ch));
    case 'click':
      movePointer(d, pointerDeps(d), action.x, action.y);
      return click(d, action.x, action.y, action.button);
    case 'wheel':
      movePointer(d, pointerDeps(d), action.x, action.y);
      return wheel(d, action.x, action.y, action.dx, action.dy);
    case 'move':
      return movePointer(d, pointerDeps(d), action.x, action.y);
    case 'button':
      return pressButton(d, pointerDeps(d), action);
  }
}

function pointerDeps(d: Desktop): PointerDeps {
  return {
    elementAt: (x, y) => elementAt(d, x, y),
    pressFocus: (hit) => void pressFocus(d, hit),
    click: (x, y) => click(d, x, y, 'left'),
  };
}

/** Where the sim's pointer is. */
export function pointerAt(d: Desktop): { x: number; y: number } {
  const { x, y } = pointerOf(d);
  return { x, y };
}

function typeChar(d: Desktop, ch: string): void {
  if (ch === '\n' || ch === '\r') return pressKey(d, { key: 'Enter', modifiers: [] });
  if (ch === '\t') return pressKey(d, { key: 'Tab', modifiers: [] });
  pressKey(d, { key: ch, modifiers: [] });
}

export function pressKey(d: Desktop, combo: KeyCombo): void {
  const win = d.foreground;
  if (win === null) return;
  const ctrl = combo.modifiers.includes('ctrl');
  const shift = combo.modifiers.includes('shift');
  if (win.hooks.windowKey?.(combo.key, ctrl) === true) return;
  if (combo.key === 'F4' && combo.modifiers.includes('alt')) {
    return win.hooks.close !== undefined ? win.hooks.close() : closeWindow(d, win);
  }
  if (combo.key === 'Tab') return moveFocus(d, win, shift);
  const el = d.focused;
  if (el === null || !el.states.has('enabled')) return;
  if (el.edit !== undefined) return editKey(d, el, combo.key, ctrl, shift);
  controlKey(d, el, combo.key);
}

function moveFocus(d: Desktop, win: SimElement, back: boolean): void {
  const order = d.tabOrder(win);
  if (order.length === 0) return;
  const at = d.focused === null ? -1 : order.indexOf(d.focused);
  const next = back ? (at <= 0 ? order.length - 1 : at - 1) : (at + 1) % order.length;
  const target = order[next];
  if (target !== undefined) d.focus(target);
}

function editKey(d: Desktop, el: SimElement, key: string, ctrl: boolean, shift: boolean): void {
  const lower = key.toLowerCase();
  if (ctrl && (lower === 'c' || lower === 'x' || lower === 'v')) {
    return lower === 'v' && el.states.has('readonly') ? undefined : clipboardKey(d, el, lower);
  }
  if (el.states.has('readonly')) return void moveCaret(el, key, ctrl);
  if (key === 'Backspace' || key === 'Delete') return deleteText(d, el, key === 'Delete');
  if (ctrl && key.toLowerCase() === 'a') return selectAll(el);
  if (moveCaret(el, key, ctrl)) return;
  if (key === 'Enter') return insertText(d, el, '\n');
  if (key === 'Space') return insertText(d, el, ' ');
  if (key.length === 1 && !ctrl) insertText(d, el, shift ? key.toUpperCase() : key);
}

function controlKey(d: Desktop, el: SimElement, key: string): void {
  const activate = key === 'Space' || key === ' ' || key === 'Enter';
  if (el.patterns.has('Invoke') && activate) return fire(el.hooks.invoke);
  if (el.patterns.has('Toggle') && activate) return toggle(d, el);
  if (el.patterns.has('SelectionItem') && activate) return selectItem(d, el, 'select');
  if (el.patterns.has('ExpandCollapse') && (key === 'F4' || activate)) {
    return expandCollapse(d, el, !el.states.has('expanded'));
  }
  const range = el.range;
  if (el.controlType === 'Slider' && range !== undefined) {
    const step = range.step ?? 1;
    const delta =
      key === 'Right' || key === 'Up' ? step : key === 'Left' || key === 'Down' ? -step : 0;
    const target = key === 'Home' ? range.min : key === 'End' ? range.max : range.value + delta;
    setRange(d, el, Math.min(range.max, Math.max(range.min, target)));
  }
}

/** What pressing a button on `hit` does to focus; false when a modal dialog took the press. */
function pressFocus(d: Desktop, hit: SimElement): boolean {
  let win: SimElement | null = hit;
  while (win !== null && win.parent !== d.root) win = win.parent;
  if (win === null) return false;
  const blocked = [...d.modalOwner].some(([, owner]) => owner === win);
  if (blocked) {
    d.activate(win); // Windows brings the modal dialog forward instead.
    return false;
  }
  let focusable: SimElement | null = hit;
  while (focusable !== null && !focusable.states.has('focusable')) focusable = focusable.parent;
  if (focusable !== null && focusable.states.has('enabled')) d.focus(focusable);
  else d.activate(win);
  return true;
}

function click(d: Desktop, x: number, y: number, button: 'left' | 'right' | 'middle'): void {
  const hit = elementAt(d, x, y);
  if (hit === null || !pressFocus(d, hit)) return;
  if (button === 'left' && hit.states.has('enabled')) clickAction(d, hit);
}

function clickAction(d: Desktop, el: SimElement): void {
  if (el.patterns.has('Invoke')) return fire(el.hooks.invoke);
  if (el.patterns.has('Toggle')) return toggle(d, el);
  if (el.patterns.has('SelectionItem')) return selectItem(d, el, 'select');
  if (el.patterns.has('ExpandCollapse')) return expandCollapse(d, el, !el.states.has('expanded'));
  if (el.edit !== undefined) moveCaret(el, 'End', true);
}

function wheel(d: Desktop, x: number, y: number, dx: number, dy: number): void {
  let el = elementAt(d, x, y);
  while (el !== null && el.hooks.scroll === undefined) el = el.parent;
  if (el === null) return;
  const scroll = el.hooks.scroll;
  // Raw input has no failure channel: a direction the container cannot scroll just does nothing.
  const quietly = (direction: 'up' | 'down' | 'left' | 'right', notches: number): void => {
    try {
      scroll?.(direction, notches);
    } catch (err) {
      if (!(err instanceof ActionFailedError)) throw err;
    }
  };
  if (dy !== 0) quietly(dy > 0 ? 'down' : 'up', Math.abs(dy));
  if (dx !== 0) quietly(dx > 0 ? 'right' : 'left', Math.abs(dx));
}
