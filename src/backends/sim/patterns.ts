/**
 * Pattern actions on sim elements: the generic effect of each pattern (state flips, value and
 * range changes, selection within the container) followed by the app's hook. Validation gives
 * typed errors: a pattern the element lacks, a disabled element, a read-only value, NaN.
 */
import { ActionFailedError, InvalidParamsError, PatternNotSupportedError } from '../../errors.js';
import type { PatternAction } from '../backend.js';
import type { Desktop } from './desktop.js';
import type { SimElement } from './element.js';
import { closeWindow, maximizeWindow, minimizeWindow, restoreWindow } from './windows.js';
import { setEditValue } from './text.js';

function describe(el: SimElement): string {
  return `${el.controlType} "${el.name}" (${el.id})`;
}

/** Check the element can take this action at all; throws the typed error when not. */
export function checkActionable(el: SimElement, action: PatternAction): void {
  if (!el.patterns.has(action.pattern)) {
    throw new PatternNotSupportedError(`${describe(el)} does not support ${action.pattern}`, {
      details: { supported: [...el.patterns] },
    });
  }
  validateValues(action);
  if (!el.states.has('enabled') && action.pattern !== 'Window') {
    throw new ActionFailedError(`${describe(el)} is disabled`);
  }
  if (action.pattern === 'Value' && el.states.has('readonly')) {
    throw new ActionFailedError(`${describe(el)} is read-only`);
  }
}

const OPS: Partial<Record<PatternAction['pattern'], readonly string[]>> = {
  ExpandCollapse: ['expand', 'collapse'],
  SelectionItem: ['select', 'add', 'remove'],
  Window: ['minimize', 'maximize', 'restore', 'close'],
};
const DIRECTIONS: readonly string[] = ['up', 'down', 'left', 'right'];

function validateValues(action: PatternAction): void {
  const ops = OPS[action.pattern];
  const op: unknown = 'op' in action ? action.op : undefined;
  if (ops !== undefined && !ops.includes(op as string)) {
    throw new InvalidParamsError(
      `${action.pattern} op must be one of ${ops.join(', ')}, got ${String(op)}`,
    );
  }
  if (action.pattern === 'Scroll' && !DIRECTIONS.includes(action.direction)) {
    throw new InvalidParamsError(`Scroll direction must be one of ${DIRECTIONS.join(', ')}`);
  }
  if (action.pattern === 'RangeValue' && !Number.isFinite(action.value)) {
    throw new InvalidParamsError(`RangeValue needs a finite number, got ${action.value}`);
  }
  if (action.pattern === 'Scroll' && !(Number.isFinite(action.amount) && action.amount > 0)) {
    throw new InvalidParamsError(`Scroll amount must be a positive number, got ${action.amount}`);
  }
  if (action.pattern === 'Value' && typeof action.value !== 'string') {
    throw new InvalidParamsError('Value needs a string');
  }
}

/**
 * Perform the action. Resolves when the app has handled it; an Invoke whose handler opens a
 * modal dialog resolves only when that dialog closes (the caller's deadline must cut it short).
 */
export function applyPattern(
  d: Desktop,
  el: SimElement,
  action: PatternAction,
): void | Promise<void> {
  checkActionable(el, action);
  switch (action.pattern) {
    case 'Invoke':
      return el.hooks.invoke?.();
    case 'Toggle':
      return toggle(d, el);
    case 'Value':
      return setEditValue(d, el, action.value);
    case 'RangeValue':
      return setRange(d, el, action.value);
    case 'ExpandCollapse':
      return expandCollapse(d, el, action.op === 'expand');
    case 'SelectionItem':
      return selectItem(d, el, action.op);
    case 'Scroll':
      return el.hooks.scroll?.(action.direction, action.amount);
    case 'ScrollItem':
      return el.hooks.scrollIntoView?.();
    case 'Window':
      return windowOp(d, el, action.op);
  }
}

export function toggle(d: Desktop, el: SimElement): void {
  const checked = !el.states.has('checked');
  d.setStates(el, [checked ? 'checked' : 'unchecked'], ['checked', 'unchecked', 'mixed']);
  el.hooks.toggled?.(checked);
}

export function setRange(d: Desktop, el: SimElement, value: number): void {
  const range = el.range;
  if (range === undefined) throw new ActionFailedError(`${describe(el)} has no range`);
  if (value < range.min || value > range.max) {
    throw new InvalidParamsError(
      `${value} is outside ${range.min}..${range.max} of ${describe(el)}`,
    );
  }
  if (el.states.has('readonly')) throw new ActionFailedError(`${describe(el)} is read-only`);
  d.set(el, { range: { ...range, value } });
  el.hooks.rangeChanged?.(value);
}

export function expandCollapse(d: Desktop, el: SimElement, open: boolean): void {
  if (el.states.has(open ? 'expanded' : 'collapsed')) return;
  d.setStates(el, [open ? 'expanded' : 'collapsed'], [open ? 'collapsed' : 'expanded']);
  el.hooks.expanded?.(open, el);
}

/** Select an item; a single-selection container deselects the item's siblings. */
export function selectItem(d: Desktop, el: SimElement, op: 'select' | 'add' | 'remove'): void {
  const container = el.parent;
  const multi = container?.states.has('multiselectable') === true;
  if (op === 'remove') return d.setStates(el, [], ['selected']);
  if (op === 'add' && !multi) {
    throw new ActionFailedError(`${container?.name ?? 'the container'} allows one selection only`);
  }
  if (op === 'select' && container !== null) {
    for (const sibling of container.children) {
      if (sibling !== el && sibling.states.has('selected')) d.setStates(sibling, [], ['selected']);
    }
  }
  if (el.states.has('selected')) return;
  d.setStates(el, ['selected']);
  el.hooks.selected?.();
}

function windowOp(
  d: Desktop,
  win: SimElement,
  op: 'minimize' | 'maximize' | 'restore' | 'close',
): void {
  if (win.parent !== d.root)
    throw new ActionFailedError(`${describe(win)} is not a top-level window`);
  if (op === 'close')
    return win.hooks.close !== undefined ? win.hooks.close() : closeWindow(d, win);
  if (op === 'minimize') return minimizeWindow(d, win);
  if (op === 'maximize') return maximizeWindow(d, win);
  return restoreWindow(d, win);
}
