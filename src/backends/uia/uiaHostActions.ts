/**
 * Actions inside the host: control patterns through GetCurrentPatternAs, SetFocus, foreground
 * and SendInput. The calls that wait on the target app (pattern methods, SetFocus) run on pool
 * threads. An access-denied failure is checked against the target's elevation so the caller
 * learns `elevated_target` with the reason instead of a bare failure.
 */
import {
  ActionFailedError,
  InvalidParamsError,
  NotSupportedError,
  UiError,
  isUiError,
} from '../../errors.js';
import type { InputAction, PatternAction } from '../backend.js';
import { element } from './uiaElement.js';
import {
  allocBstr,
  freeBstr,
  release,
  voutDouble,
  voutInt,
  type ArgType,
  type Ptr,
} from './uiaCom.js';
import { IID, PATTERN_ID, PROP, SCROLL_AMOUNT, WINDOW_VISUAL_STATE } from './uiaConstants.js';
import { vcallAsync } from './uiaComAsync.js';
import { check } from './uiaHresult.js';
import { planInput } from './uiaInput.js';
import {
  elevationBlock,
  foregroundWindow,
  layoutKey,
  sendInput,
  virtualScreen,
} from './uiaWin32.js';
import { bringToFront, focusWindowHandle, focusedWindow } from './uiaWin32Focus.js';

type Op = (p: Ptr) => Promise<void>;

export async function withPattern(el: Ptr, name: keyof typeof PATTERN_ID, iid: string, op: Op) {
  const p = element.pattern(el, PATTERN_ID[name], iid, name);
  try {
    await op(p);
  } finally {
    release(p);
  }
}

/** A pattern method without arguments, on a pool thread (it may wait on the app). */
export const call =
  (what: string, slot: number, types: ArgType[] = [], ...args: unknown[]): Op =>
  async (p) =>
    check(await vcallAsync(what, p, slot, types, ...args), what, 'pattern');

async function setValue(p: Ptr, value: string): Promise<void> {
  if (voutInt('ValuePattern::get_CurrentIsReadOnly', p, 5) !== 0) {
    throw new UiError('read_only', 'the element’s value is read-only');
  }
  const bstr = allocBstr(value);
  try {
    await call('ValuePattern::SetValue', 3, ['void *'], bstr)(p);
  } finally {
    freeBstr(bstr);
  }
}

async function setRange(p: Ptr, value: number): Promise<void> {
  const max = voutDouble('RangeValuePattern::get_CurrentMaximum', p, 6);
  const min = voutDouble('RangeValuePattern::get_CurrentMinimum', p, 7);
  if (value < min || value > max)
    throw new InvalidParamsError(`value ${value} is outside ${min}..${max}`);
  if (voutInt('RangeValuePattern::get_CurrentIsReadOnly', p, 5) !== 0) {
    throw new UiError('read_only', 'the range value is read-only');
  }
  await call('RangeValuePattern::SetValue', 3, ['double'], value)(p);
}

const NO_SCROLL = -1;

async function scroll(
  p: Ptr,
  direction: 'up' | 'down' | 'left' | 'right',
  amount: number,
): Promise<void> {
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
    await call(
      'ScrollPattern::Scroll',
      3,
      ['int32_t', 'int32_t'],
      vertical ? none : step,
      vertical ? step : none,
    )(p);
  }
}

async function windowOp(p: Ptr, op: 'minimize' | 'maximize' | 'restore' | 'close') {
  if (op === 'close') return call('WindowPattern::Close', 3)(p);
  const state =
    op === 'minimize'
      ? WINDOW_VISUAL_STATE.Minimized
      : op === 'maximize'
        ? WINDOW_VISUAL_STATE.Maximized
        : WINDOW_VISUAL_STATE.Normal;
  await call('WindowPattern::SetWindowVisualState', 5, ['int32_t'], state)(p);
}

function dispatch(el: Ptr, action: PatternAction): Promise<void> {
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
async function guarded(el: Ptr, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (isUiError(err) && err.details?.['reason'] === 'access_denied') {
      const reason = elevationBlock(pidOf(el));
      if (reason !== null) throw new UiError('elevated_target', reason, { details: { reason } });
    }
    throw err;
  }
}

export function performPattern(el: Ptr, action: PatternAction): Promise<void> {
  return guarded(el, () => dispatch(el, action));
}

function windowHandleOf(el: Ptr): bigint {
  try {
    const hwnd = element.property(el, PROP.NativeWindowHandle, false);
    return typeof hwnd === 'number' ? BigInt(hwnd) : 0n;
  } catch {
    return 0n;
  }
}

/** Whether the element has the keyboard focus now, by UIA or by its window handle. */
function hasFocus(el: Ptr, hwnd: bigint): boolean {
  try {
    if (element.property(el, PROP.HasKeyboardFocus, false) === true) return true;
  } catch {
    // not readable on this runtime: judge by the window handle
  }
  return hwnd !== 0n && (focusedWindow() === hwnd || foregroundWindow() === hwnd);
}

/**
 * UIA SetFocus, checked by its effect; where it did not take (or the runtime lacks it) a
 * window-backed element gets Win32 focus instead. Answers ok only once the focus is seen there.
 */
export async function focusElement(el: Ptr): Promise<void> {
  const hwnd = windowHandleOf(el);
  let refused: unknown;
  try {
    await guarded(el, () => element.setFocus(el));
    if (hasFocus(el, hwnd)) return;
  } catch (err) {
    if (!(err instanceof NotSupportedError) && hwnd === 0n) throw err;
    refused = err;
  }
  if (hwnd !== 0n) {
    focusWindowHandle(hwnd);
    if (hasFocus(el, hwnd)) return;
  }
  throw new ActionFailedError('the focus did not move to the element', {
    details: {
      reason: 'focus_not_seen',
      uiaSetFocus: refused instanceof Error ? refused.message : 'ok',
      focusedWindow: Number(focusedWindow()),
    },
  });
}

/** The element's window in front (past the foreground lock), refusing elevated targets. */
export function activateWindow(el: Ptr): void {
  const hwnd = windowHandleOf(el);
  if (hwnd === 0n) throw new ActionFailedError('the element has no window handle');
  const reason = elevationBlock(pidOf(el));
  if (reason !== null) throw new UiError('elevated_target', reason, { details: { reason } });
  bringToFront(hwnd);
}

export function injectInput(action: InputAction): void {
  sendInput(planInput(action, virtualScreen(), layoutKey));
}
