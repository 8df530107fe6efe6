/**
 * Pattern operations as AX actions and attribute writes. Writes are read back: an app that
 * accepts AXUIElementSetAttributeValue and keeps its old value answers no_effect, not ok.
 * Actions (AXPress...) have no value to read back; the executor checks their effect from the
 * events that follow, as on the other platforms.
 */
import { NoEffectError, PatternNotSupportedError, UiError } from '../../errors.js';
import type { PatternAction, PatternPerformed } from '../backend.js';
import type { AxRef, AxSetValue, AxSurface } from './axSurface.js';

/** Set an attribute, then read it back and compare. */
function setAndVerify(
  surface: AxSurface,
  el: AxRef,
  attribute: string,
  value: AxSetValue,
  matches: (v: unknown) => boolean,
): void {
  surface.setAttribute(el, attribute, value);
  const [after] = surface.copyAttributes(el, [attribute]);
  if (!matches(after)) {
    throw new NoEffectError(`${attribute} still reads ${JSON.stringify(after)} after it was set`);
  }
}

function pressChild(surface: AxSurface, el: AxRef, attribute: string): void {
  const [button] = surface.copyAttributes(el, [attribute]);
  if (typeof button !== 'object' || button === null || !('__axRef' in button))
    throw new PatternNotSupportedError(`the window has no ${attribute}`);
  try {
    surface.performAction(button, 'AXPress');
  } finally {
    surface.release(button);
  }
}

function windowOp(
  surface: AxSurface,
  el: AxRef,
  op: 'minimize' | 'maximize' | 'restore' | 'close',
): void {
  switch (op) {
    case 'minimize':
      return setAndVerify(
        surface,
        el,
        'AXMinimized',
        { kind: 'boolean', value: true },
        (v) => v === true,
      );
    case 'restore':
      return setAndVerify(
        surface,
        el,
        'AXMinimized',
        { kind: 'boolean', value: false },
        (v) => v === false,
      );
    case 'maximize':
      return pressChild(surface, el, 'AXZoomButton');
    case 'close':
      return pressChild(surface, el, 'AXCloseButton');
  }
}

/** Share of a scroll bar's range one unit of `amount` moves (AX scroll bars run 0..1). */
const SCROLL_STEP = 0.1;

/** Scroll a scroll area by writing its scroll bar's AXValue, read back. */
function scroll(
  surface: AxSurface,
  el: AxRef,
  direction: 'up' | 'down' | 'left' | 'right',
  amount: number,
): void {
  const vertical = direction === 'up' || direction === 'down';
  const [bar] = surface.copyAttributes(el, [
    vertical ? 'AXVerticalScrollBar' : 'AXHorizontalScrollBar',
  ]);
  if (typeof bar !== 'object' || bar === null || !('__axRef' in bar))
    throw new PatternNotSupportedError(`no ${vertical ? 'vertical' : 'horizontal'} scroll bar`);
  try {
    const [now] = surface.copyAttributes(bar, ['AXValue']);
    const from = typeof now === 'number' ? now : 0;
    const sign = direction === 'down' || direction === 'right' ? 1 : -1;
    const to = Math.min(1, Math.max(0, from + sign * amount * SCROLL_STEP));
    if (to === from)
      throw new UiError('scroll_exhausted', `already scrolled to the ${direction} end`);
    setAndVerify(
      surface,
      bar,
      'AXValue',
      { kind: 'number', value: to },
      (v) => typeof v === 'number' && v !== from,
    );
  } finally {
    surface.release(bar);
  }
}

export function performPattern(
  surface: AxSurface,
  el: AxRef,
  action: PatternAction,
): PatternPerformed {
  switch (action.pattern) {
    case 'Invoke':
    case 'Toggle':
      surface.performAction(el, 'AXPress');
      return { via: 'pattern', detail: 'AXPress' };
    case 'ExpandCollapse': {
      const value = action.op === 'expand';
      for (const attribute of ['AXDisclosing', 'AXExpanded']) {
        if (!surface.isSettable(el, attribute)) continue;
        setAndVerify(surface, el, attribute, { kind: 'boolean', value }, (v) => v === value);
        return { via: 'pattern', detail: attribute };
      }
      surface.performAction(el, 'AXPress');
      return { via: 'pattern', detail: 'AXPress' };
    }
    case 'Value':
      setAndVerify(
        surface,
        el,
        'AXValue',
        { kind: 'string', value: action.value },
        (v) => v === action.value,
      );
      return { via: 'pattern', detail: 'AXValue' };
    case 'RangeValue':
      setAndVerify(
        surface,
        el,
        'AXValue',
        { kind: 'number', value: action.value },
        (v) => typeof v === 'number',
      );
      return { via: 'pattern', detail: 'AXValue' };
    case 'SelectionItem': {
      const value = action.op !== 'remove';
      setAndVerify(surface, el, 'AXSelected', { kind: 'boolean', value }, (v) => v === value);
      return { via: 'pattern', detail: 'AXSelected' };
    }
    case 'Window':
      windowOp(surface, el, action.op);
      return { via: 'pattern', detail: `Window.${action.op}` };
    case 'Scroll':
      scroll(surface, el, action.direction, action.amount);
      return { via: 'pattern', detail: 'AXScrollBar.AXValue' };
    case 'ScrollItem':
      throw new PatternNotSupportedError('ScrollItem has no AX action; scroll its container');
  }
}

/** Keyboard focus: AXFocused written and read back. */
export function focusElement(surface: AxSurface, el: AxRef): void {
  setAndVerify(surface, el, 'AXFocused', { kind: 'boolean', value: true }, (v) => v === true);
}

/** Bring a window forward: its app frontmost, the window raised and main. */
export function activateWindow(surface: AxSurface, app: AxRef, window: AxRef): void {
  setAndVerify(surface, app, 'AXFrontmost', { kind: 'boolean', value: true }, (v) => v === true);
  surface.performAction(window, 'AXRaise');
  try {
    surface.setAttribute(window, 'AXMain', { kind: 'boolean', value: true });
  } catch {
    // panels cannot be main; raised is enough
  }
}
