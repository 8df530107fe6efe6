/**
 * Argument checks made on the server side before anything is sent to the host, so bad input
 * is an invalid_params error at once and never reaches a platform call.
 */
import { InvalidParamsError } from '../../errors.js';
import type { Rect } from '../../../protocol/src/index.js';
import type { BackendId, InputAction, PatternAction, WindowOp } from '../backend.js';

function finite(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new InvalidParamsError(`${what} must be a finite number`);
}

export function validateId(id: BackendId): void {
  if (typeof id !== 'string' || id.length === 0 || id.length > 512) {
    throw new InvalidParamsError('an element id must be a non-empty string');
  }
}

export function validatePattern(action: PatternAction): void {
  if (action.pattern === 'RangeValue') finite(action.value, 'RangeValue value');
  if (action.pattern === 'Scroll') {
    finite(action.amount, 'scroll amount');
    if (action.amount <= 0 || action.amount > 1_000) {
      throw new InvalidParamsError('scroll amount must be between 0 and 1000');
    }
  }
  if (action.pattern === 'Value' && typeof action.value !== 'string') {
    throw new InvalidParamsError('Value needs a string');
  }
}

/** Screen coordinates as SendInput takes them: finite, within a sane virtual-screen range. */
function point(x: number, y: number): void {
  finite(x, 'x');
  finite(y, 'y');
  if (Math.abs(x) > 100_000 || Math.abs(y) > 100_000) {
    throw new InvalidParamsError('coordinates are outside any screen');
  }
}

export function validateInput(action: InputAction): void {
  switch (action.kind) {
    case 'keys':
      if (action.combos.length === 0) throw new InvalidParamsError('keys needs at least one key');
      return;
    case 'text':
      if (typeof action.text !== 'string') throw new InvalidParamsError('text must be a string');
      return;
    case 'click':
      point(action.x, action.y);
      if (!Number.isInteger(action.count) || action.count < 1 || action.count > 3) {
        throw new InvalidParamsError('click count must be 1, 2 or 3');
      }
      return;
    case 'wheel':
      point(action.x, action.y);
      finite(action.dx, 'dx');
      finite(action.dy, 'dy');
      return;
    case 'move':
      point(action.x, action.y);
      return;
    case 'button':
      point(action.x, action.y);
      if (!['left', 'right', 'middle'].includes(action.button))
        throw new InvalidParamsError('unknown mouse button');
      if (!(action.modifiers ?? []).every((m) => ['ctrl', 'alt', 'shift', 'meta'].includes(m)))
        throw new InvalidParamsError('unknown modifier');
      return;
  }
}

/** Largest side a capture may have (GDI bitmaps beyond this fail or exhaust memory). */
const MAX_CAPTURE_SIDE = 32_767;

/** A capture rectangle: whole pixels, a non-empty size, within a sane screen range. */
export function validateCaptureRect(r: Rect): void {
  for (const [what, v] of Object.entries(r)) {
    if (!Number.isInteger(v))
      throw new InvalidParamsError(`capture ${what} must be a whole number`);
  }
  point(r.x, r.y);
  if (r.width <= 0 || r.height <= 0 || r.width > MAX_CAPTURE_SIDE || r.height > MAX_CAPTURE_SIDE) {
    throw new InvalidParamsError(
      `a capture of ${r.width}x${r.height} is empty or larger than ${MAX_CAPTURE_SIDE} a side`,
    );
  }
}

/** A window change with whole pixel numbers in a sane range. */
export function validateWindowOp(op: WindowOp): void {
  if (op.op === 'move') point(op.x, op.y);
  if (op.op === 'resize') {
    for (const [v, what] of [
      [op.width, 'width'],
      [op.height, 'height'],
    ] as const) {
      finite(v, what);
      if (v < 1 || v > 100_000) throw new InvalidParamsError(`${what} must be 1..100000`);
    }
  }
  const states = ['normal', 'minimized', 'maximized', 'fullscreen'];
  if (op.op === 'state' && !states.includes(op.state))
    throw new InvalidParamsError(`unknown window state ${String(op.state)}`);
}
