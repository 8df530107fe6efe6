/**
 * Text editing in sim edits: a value with a caret and a selection anchor. A change raises a
 * value property event and a text event (UIA raises both ValueProperty and TextChanged), then
 * the app's hooks (a status bar following the caret, a dirty title).
 */
import { ActionFailedError } from '../../errors.js';
import type { Desktop } from './desktop.js';
import type { EditState, SimElement } from './element.js';

function editOf(el: SimElement): EditState {
  if (el.edit === undefined)
    throw new ActionFailedError(`${el.controlType} "${el.name}" is not editable`);
  return el.edit;
}

function commit(d: Desktop, el: SimElement, value: string, caret: number): void {
  const edit = editOf(el);
  const changed = value !== el.value;
  edit.caret = caret;
  edit.anchor = caret;
  if (changed) {
    d.set(el, { value });
    if (!el.gone) d.pump.emit({ type: 'text', id: el.id, value });
    el.hooks.valueChanged?.(value);
  }
  el.hooks.caretMoved?.(caret);
}

/** Value pattern: replace the whole text, caret at the end. */
export function setEditValue(d: Desktop, el: SimElement, value: string): void {
  if (el.edit === undefined) {
    // A non-text Value element (a combo box): just the value.
    d.set(el, { value });
    el.hooks.valueChanged?.(value);
    return;
  }
  commit(d, el, value, value.length);
}

function selection(edit: EditState): [number, number] {
  return [Math.min(edit.caret, edit.anchor), Math.max(edit.caret, edit.anchor)];
}

/** Insert typed text at the caret, replacing the selection. */
export function insertText(d: Desktop, el: SimElement, text: string): void {
  const edit = editOf(el);
  const value = el.value ?? '';
  const [from, to] = selection(edit);
  const typed = edit.multiline ? text : text.replace(/[\r\n]/g, '');
  commit(d, el, value.slice(0, from) + typed + value.slice(to), from + typed.length);
}

/** Backspace / Delete: remove the selection, or one character before / after the caret. */
export function deleteText(d: Desktop, el: SimElement, forward: boolean): void {
  const edit = editOf(el);
  const value = el.value ?? '';
  let [from, to] = selection(edit);
  if (from === to) {
    if (forward) to = Math.min(value.length, to + 1);
    else from = Math.max(0, from - 1);
  }
  commit(d, el, value.slice(0, from) + value.slice(to), from);
}

export function selectAll(el: SimElement): void {
  const edit = editOf(el);
  edit.anchor = 0;
  edit.caret = (el.value ?? '').length;
  el.hooks.caretMoved?.(edit.caret);
}

/** 1-based line and column of a caret offset. */
export function lineCol(value: string, caret: number): { line: number; col: number } {
  const before = value.slice(0, caret);
  const lines = before.split('\n');
  return { line: lines.length, col: (lines[lines.length - 1] ?? '').length + 1 };
}

function lineStart(value: string, caret: number): number {
  return value.lastIndexOf('\n', caret - 1) + 1;
}

function lineEnd(value: string, caret: number): number {
  const end = value.indexOf('\n', caret);
  return end < 0 ? value.length : end;
}

/** Caret navigation keys; returns false for keys that are not navigation. */
export function moveCaret(el: SimElement, key: string, ctrl: boolean): boolean {
  const edit = editOf(el);
  const value = el.value ?? '';
  const c = edit.caret;
  let next: number;
  if (key === 'Left') next = Math.max(0, c - 1);
  else if (key === 'Right') next = Math.min(value.length, c + 1);
  else if (key === 'Home') next = ctrl ? 0 : lineStart(value, c);
  else if (key === 'End') next = ctrl ? value.length : lineEnd(value, c);
  else if (key === 'Up' || key === 'Down') next = verticalMove(value, c, key === 'Up');
  else return false;
  edit.caret = next;
  edit.anchor = next;
  el.hooks.caretMoved?.(next);
  return true;
}

function verticalMove(value: string, caret: number, up: boolean): number {
  const start = lineStart(value, caret);
  const col = caret - start;
  if (up) {
    if (start === 0) return 0;
    const prevStart = lineStart(value, start - 1);
    return Math.min(prevStart + col, start - 1);
  }
  const end = lineEnd(value, caret);
  if (end === value.length) return value.length;
  return Math.min(end + 1 + col, lineEnd(value, end + 1));
}

/** Ctrl+C / Ctrl+X / Ctrl+V on an edit through the desktop's clipboard. */
export function clipboardKey(d: Desktop, el: SimElement, key: 'c' | 'x' | 'v'): void {
  const edit = editOf(el);
  const [from, to] = selection(edit);
  if (key === 'v') return insertText(d, el, d.clipboard.text);
  if (from === to) return;
  const owner = el.app === null ? null : { app: el.app.name, pid: el.app.pid };
  d.clipboard.set({ text: (el.value ?? '').slice(from, to) }, owner);
  if (key === 'x' && !el.states.has('readonly')) deleteText(d, el, false);
}
