/**
 * Actions inside the host: control patterns through GetCurrentPatternAs, SetFocus, foreground
 * and SendInput. An access-denied failure is checked against the target's elevation so the
 * caller learns `elevated_target` with the reason instead of a bare failure.
 */
import { ActionFailedError, InvalidParamsError, UiError, isUiError } from '../../errors.js';
import type { InputAction, PatternAction } from '../backend.js';
import { element } from './uiaElement.js';
import {
  allocBstr,
  freeBstr,
  using,
  vcall,
  vcheck,
  voutDouble,
  voutInt,
  type Ptr,
} from './uiaCom.js';
import { IID, PATTERN_ID, PROP, SCROLL_AMOUNT, WINDOW_VISUAL_STATE } from './uiaConstants.js';
import { check } from './uiaHresult.js';
import { planInput } from './uiaInput.js';
import { bringToFront, elevationBlock, layoutKey, sendInput, virtualScreen } from './uiaWin32.js';

type Op = (p: Ptr) => void;

function withPattern(el: Ptr, name: keyof typeof PATTERN_ID, iid: string, op: Op): void {
  using(element.pattern(el, PATTERN_ID[name], iid, name), op);
}

const call =
  (what: string, slot: number): Op =>
  (p) =>
    check(vcall(p, slot, []), what, 'pattern');

function setValue(p: Ptr, value: string): void {
  if (voutInt('ValuePattern::get_CurrentIsReadOnly', p, 5) !== 0) {
    throw new UiError('read_only', 'the element’s value is read-only');
  }
  const bstr = allocBstr(value);
  try {
    check(vcall(p, 3, ['void *'], bstr), 'ValuePattern::SetValue', 'pattern');
  } finally {
    freeBstr(bstr);
  }
}

function setRange(p: Ptr, value: number): void {
  const max = voutDouble('RangeValuePattern::get_CurrentMaximum', p, 6);
  const min = voutDouble('RangeValuePattern::get_CurrentMinimum', p, 7);
  if (value < min || value > max)
    throw new InvalidParamsError(`value ${value} is outside ${min}..${max}`);
  if (voutInt('RangeValuePattern::get_CurrentIsReadOnly', p, 5) !== 0) {
    throw new UiError('read_only', 'the range value is read-only');
  }
  check(vcall(p, 3, ['double'], value), 'RangeValuePattern::SetValue', 'pattern');
}

const NO_SCROLL = -1;

function scroll(p: Ptr, direction: 'up' | 'down' | 'left' | 'right', amount: number): void {
  const vertical = direction === 'up' || direction === 'down';
  const percent = voutDouble(
    vertical ? 'get_CurrentVerticalScrollPercent' : 'get_CurrentHorizontalScrollPercent',
    p,
    vertical ? 6 : 5,
  );
  if (percent === NO_SCROLL)
    throw new ActionFailedError(
      `the element cannot scroll ${vertical ? 'vertically' : 'horizontally'}`,
    );
  const forward = direction === 'down' || direction === 'right';
  if ((forward && percent >= 100) || (!forward && percent <= 0)) {
    throw new UiError('scroll_exhausted', `already scrolled fully ${direction}`);
  }
  const step = forward ? SCROLL_AMOUNT.SmallIncrement : SCROLL_AMOUNT.SmallDecrement;
  const none = SCROLL_AMOUNT.NoAmount;
  for (let i = 0; i < Math.max(1, Math.round(amount)); i++) {
    vcheck(
      'ScrollPattern::Scroll',
      p,
      3,
      ['int32_t', 'int32_t'],
      vertical ? none : step,
      vertical ? step : none,
    );
  }
}

function windowOp(p: Ptr, op: 'minimize' | 'maximize' | 'restore' | 'close'): void {
  if (op === 'close') return call('WindowPattern::Close', 3)(p);
  const state =
    op === 'minimize'
      ? WINDOW_VISUAL_STATE.Minimized
      : op === 'maximize'
        ? WINDOW_VISUAL_STATE.Maximized
        : WINDOW_VISUAL_STATE.Normal;
  check(vcall(p, 5, ['int32_t'], state), 'WindowPattern::SetWindowVisualState', 'pattern');
}

function dispatch(el: Ptr, action: PatternAction): void {
  switch (action.pattern) {
    case 'Invoke':
      return withPattern(el, 'Invoke', IID.InvokePattern, call('InvokePattern::Invoke', 3));
    case 'Toggle':
      return withPattern(el, 'Toggle', IID.TogglePattern, call('TogglePattern::Toggle', 3));
    case 'ExpandCollapse':
      return withPattern(
        el,
        'ExpandCollapse',
        IID.ExpandCollapsePattern,
        action.op === 'expand'
          ? call('ExpandCollapsePattern::Expand', 3)
          : call('ExpandCollapsePattern::Collapse', 4),
      );
    case 'Value':
      return withPattern(el, 'Value', IID.ValuePattern, (p) => setValue(p, action.value));
    case 'RangeValue':
      return withPattern(el, 'RangeValue', IID.RangeValuePattern, (p) => setRange(p, action.value));
    case 'SelectionItem': {
      const slot = action.op === 'select' ? 3 : action.op === 'add' ? 4 : 5;
      return withPattern(
        el,
        'SelectionItem',
        IID.SelectionItemPattern,
        call(`SelectionItemPattern::${action.op}`, slot),
      );
    }
    case 'ScrollItem':
      return withPattern(
        el,
        'ScrollItem',
        IID.ScrollItemPattern,
        call('ScrollItemPattern::ScrollIntoView', 3),
      );
    case 'Scroll':
      return withPattern(el, 'Scroll', IID.ScrollPattern, (p) =>
        scroll(p, action.direction, action.amount),
      );
    case 'Window':
      return withPattern(el, 'Window', IID.WindowPattern, (p) => windowOp(p, action.op));
  }
}

function pidOf(el: Ptr): number {
  try {
    const pid = element.property(el, PROP.ProcessId, false);
    return typeof pid === 'number' ? pid : 0;
  } catch {
    return 0;
  }
}

/** Run `fn`; an access-denied failure on an elevated target becomes elevated_target. */
function guarded(el: Ptr, fn: () => void): void {
  try {
    fn();
  } catch (err) {
    if (isUiError(err) && err.details?.['reason'] === 'access_denied') {
      const reason = elevationBlock(pidOf(el));
      if (reason !== null) throw new UiError('elevated_target', reason, { details: { reason } });
    }
    throw err;
  }
}

export function performPattern(el: Ptr, action: PatternAction): void {
  guarded(el, () => dispatch(el, action));
}

export function focusElement(el: Ptr): void {
  guarded(el, () => element.setFocus(el));
}

/** SetForegroundWindow on the element's window handle, refusing elevated targets up front. */
export function activateWindow(el: Ptr): void {
  const hwnd = element.property(el, PROP.NativeWindowHandle, false);
  if (typeof hwnd !== 'number' || hwnd === 0)
    throw new ActionFailedError('the element has no window handle');
  const reason = elevationBlock(pidOf(el));
  if (reason !== null) throw new UiError('elevated_target', reason, { details: { reason } });
  bringToFront(BigInt(hwnd));
}

export function injectInput(action: InputAction): void {
  sendInput(planInput(action, virtualScreen(), layoutKey));
}
