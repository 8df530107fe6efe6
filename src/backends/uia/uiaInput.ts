/**
 * Raw input for SendInput: InputAction -> a list of low-level key/mouse events -> the INPUT
 * array bytes (x64 layout). Pure, so the planning and the byte layout are unit-tested anywhere;
 * uiaWin32 only hands the bytes to SendInput. Mouse coordinates are physical pixels (the host
 * is per-monitor DPI aware) normalised over the virtual desktop.
 */
import { InvalidParamsError } from '../../errors.js';
import type { InputAction, KeyCombo, Modifier, MouseButton } from '../backend.js';

export type LowEvent =
  | { type: 'key'; vk: number; scan: number; flags: number }
  | { type: 'mouse'; dx: number; dy: number; data: number; flags: number };

export const KEYEVENTF = { EXTENDEDKEY: 0x1, KEYUP: 0x2, UNICODE: 0x4 } as const;
export const MOUSEEVENTF = {
  MOVE: 0x1,
  LEFTDOWN: 0x2,
  LEFTUP: 0x4,
  RIGHTDOWN: 0x8,
  RIGHTUP: 0x10,
  MIDDLEDOWN: 0x20,
  MIDDLEUP: 0x40,
  WHEEL: 0x800,
  HWHEEL: 0x1000,
  VIRTUALDESK: 0x4000,
  ABSOLUTE: 0x8000,
} as const;
const WHEEL_DELTA = 120;

const NAMED_VK: Readonly<Record<string, number>> = {
  Enter: 0x0d,
  Tab: 0x09,
  Escape: 0x1b,
  Backspace: 0x08,
  Delete: 0x2e,
  Home: 0x24,
  End: 0x23,
  PageUp: 0x21,
  PageDown: 0x22,
  Up: 0x26,
  Down: 0x28,
  Left: 0x25,
  Right: 0x27,
  Space: 0x20,
  Insert: 0x2d,
};
/** Keys on the extended part of the keyboard need KEYEVENTF_EXTENDEDKEY. */
const EXTENDED = new Set([0x2e, 0x24, 0x23, 0x21, 0x22, 0x26, 0x28, 0x25, 0x27, 0x2d, 0x5b]);
const MODIFIER_VK: Readonly<Record<Modifier, number>> = {
  ctrl: 0x11,
  alt: 0x12,
  shift: 0x10,
  meta: 0x5b,
};

/** Virtual key of a key name or single character; `layout` maps other characters (VkKeyScanW). */
export function virtualKey(
  key: string,
  layout: (char: string) => { vk: number; shift: boolean } | null = () => null,
): { vk: number; shift: boolean } {
  const named = NAMED_VK[key];
  if (named !== undefined) return { vk: named, shift: false };
  const fn = /^F([1-9]|1\d|2[0-4])$/.exec(key);
  if (fn) return { vk: 0x6f + Number(fn[1]), shift: false };
  if (key.length === 1) {
    if (/[a-z]/i.test(key)) return { vk: key.toUpperCase().charCodeAt(0), shift: false };
    if (/[0-9]/.test(key)) return { vk: key.charCodeAt(0), shift: false };
    const mapped = layout(key);
    if (mapped !== null) return mapped;
  }
  throw new InvalidParamsError(`no virtual key for "${key}" on this keyboard layout`);
}

function keyEvent(vk: number, up: boolean): LowEvent {
  const flags = (EXTENDED.has(vk) ? KEYEVENTF.EXTENDEDKEY : 0) | (up ? KEYEVENTF.KEYUP : 0);
  return { type: 'key', vk, scan: 0, flags };
}

/** Press modifiers, tap the key, release modifiers in reverse order. */
export function comboEvents(
  combo: KeyCombo,
  layout?: Parameters<typeof virtualKey>[1],
): LowEvent[] {
  const { vk, shift } = virtualKey(combo.key, layout);
  const modifiers = [...combo.modifiers];
  if (shift && !modifiers.includes('shift')) modifiers.push('shift');
  const held = modifiers.map((m) => MODIFIER_VK[m]);
  return [
    ...held.map((m) => keyEvent(m, false)),
    keyEvent(vk, false),
    keyEvent(vk, true),
    ...held.reverse().map((m) => keyEvent(m, true)),
  ];
}

/** Unicode text as KEYEVENTF_UNICODE pairs; newlines and tabs as real Enter/Tab keys. */
export function textEvents(text: string): LowEvent[] {
  const out: LowEvent[] = [];
  for (const unit of text.replace(/\r\n/g, '\n')) {
    const named = unit === '\n' ? 0x0d : unit === '\t' ? 0x09 : undefined;
    if (named !== undefined) {
      out.push(keyEvent(named, false), keyEvent(named, true));
      continue;
    }
    for (let i = 0; i < unit.length; i++) {
      const scan = unit.charCodeAt(i);
      out.push({ type: 'key', vk: 0, scan, flags: KEYEVENTF.UNICODE });
      out.push({ type: 'key', vk: 0, scan, flags: KEYEVENTF.UNICODE | KEYEVENTF.KEYUP });
    }
  }
  return out;
}

/** The virtual desktop in physical pixels (SM_XVIRTUALSCREEN...). */
export interface VirtualScreen {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Absolute move to a physical pixel, normalised to 0..65535 over the virtual desktop. */
export function moveEvent(x: number, y: number, screen: VirtualScreen): LowEvent {
  const nx = Math.round(((x - screen.x) * 65535) / Math.max(1, screen.width - 1));
  const ny = Math.round(((y - screen.y) * 65535) / Math.max(1, screen.height - 1));
  const clamp = (n: number): number => Math.min(65535, Math.max(0, n));
  const flags = MOUSEEVENTF.MOVE | MOUSEEVENTF.ABSOLUTE | MOUSEEVENTF.VIRTUALDESK;
  return { type: 'mouse', dx: clamp(nx), dy: clamp(ny), data: 0, flags };
}

const BUTTONS: Readonly<Record<MouseButton, readonly [number, number]>> = {
  left: [MOUSEEVENTF.LEFTDOWN, MOUSEEVENTF.LEFTUP],
  right: [MOUSEEVENTF.RIGHTDOWN, MOUSEEVENTF.RIGHTUP],
  middle: [MOUSEEVENTF.MIDDLEDOWN, MOUSEEVENTF.MIDDLEUP],
};

/** Every low-level event of an action, in order. */
export function planInput(
  action: InputAction,
  screen: VirtualScreen,
  layout?: Parameters<typeof virtualKey>[1],
): LowEvent[] {
  switch (action.kind) {
    case 'keys':
      return action.combos.flatMap((combo) => comboEvents(combo, layout));
    case 'text':
      return textEvents(action.text);
    case 'move':
      return [moveEvent(action.x, action.y, screen)];
    case 'click': {
      const [down, up] = BUTTONS[action.button];
      const clicks: LowEvent[] = [];
      for (let i = 0; i < action.count; i++) {
        clicks.push(
          { type: 'mouse', dx: 0, dy: 0, data: 0, flags: down },
          { type: 'mouse', dx: 0, dy: 0, data: 0, flags: up },
        );
      }
      return [moveEvent(action.x, action.y, screen), ...clicks];
    }
    case 'button':
      return buttonEvents(action, screen);
    case 'wheel': {
      const out: LowEvent[] = [moveEvent(action.x, action.y, screen)];
      // Positive dy scrolls down, which is a negative wheel rotation.
      if (action.dy !== 0)
        out.push({
          type: 'mouse',
          dx: 0,
          dy: 0,
          data: Math.round(-action.dy * WHEEL_DELTA),
          flags: MOUSEEVENTF.WHEEL,
        });
      if (action.dx !== 0)
        out.push({
          type: 'mouse',
          dx: 0,
          dy: 0,
          data: Math.round(action.dx * WHEEL_DELTA),
          flags: MOUSEEVENTF.HWHEEL,
        });
      return out;
    }
  }
}

/** A drag's press or release: modifiers held around the button, the move first. */
function buttonEvents(
  action: Extract<InputAction, { kind: 'button' }>,
  screen: VirtualScreen,
): LowEvent[] {
  const [down, up] = BUTTONS[action.button];
  const held = (action.modifiers ?? []).map((m) => MODIFIER_VK[m]);
  const press: LowEvent = { type: 'mouse', dx: 0, dy: 0, data: 0, flags: action.down ? down : up };
  const move = moveEvent(action.x, action.y, screen);
  if (action.down) return [...held.map((vk) => keyEvent(vk, false)), move, press];
  return [move, press, ...held.reverse().map((vk) => keyEvent(vk, true))];
}

/** sizeof(INPUT) on x64: a DWORD type, padding, and a 32-byte union. */
export const INPUT_SIZE = 40;
const INPUT_MOUSE = 0;
const INPUT_KEYBOARD = 1;

/** The INPUT array as SendInput reads it (x64 layout). */
export function encodeInputs(events: readonly LowEvent[]): Buffer {
  const buf = Buffer.alloc(events.length * INPUT_SIZE);
  events.forEach((event, i) => {
    const at = i * INPUT_SIZE;
    if (event.type === 'key') {
      buf.writeUInt32LE(INPUT_KEYBOARD, at);
      buf.writeUInt16LE(event.vk, at + 8); // wVk
      buf.writeUInt16LE(event.scan, at + 10); // wScan
      buf.writeUInt32LE(event.flags, at + 12); // dwFlags
    } else {
      buf.writeUInt32LE(INPUT_MOUSE, at);
      buf.writeInt32LE(event.dx, at + 8);
      buf.writeInt32LE(event.dy, at + 12);
      buf.writeInt32LE(event.data, at + 16); // mouseData (signed wheel delta)
      buf.writeUInt32LE(event.flags, at + 20);
    }
  });
  return buf;
}
