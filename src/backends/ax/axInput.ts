/**
 * Raw input through CGEvents: named keys and ANSI letters by virtual key code (kVK_* of
 * HIToolbox Events.h), modifiers as CGEventFlags, text as Unicode strings on key events (so
 * any character types whatever the keyboard layout).
 */
import { InvalidParamsError } from '../../errors.js';
import type { InputAction, KeyCombo, Modifier } from '../backend.js';
import type { AxSurface } from './axSurface.js';

/** Events.h: `kVK_Return = 0x24,` ... `kVK_UpArrow = 0x7E` (ANSI letters and digits below). */
const NAMED_KEYS: Readonly<Record<string, number>> = {
  enter: 0x24,
  return: 0x24,
  tab: 0x30,
  space: 0x31,
  backspace: 0x33, // kVK_Delete
  escape: 0x35,
  delete: 0x75, // kVK_ForwardDelete
  home: 0x73,
  end: 0x77,
  pageup: 0x74,
  pagedown: 0x79,
  left: 0x7b,
  right: 0x7c,
  down: 0x7d,
  up: 0x7e,
  insert: 0x72, // kVK_Help sits where Insert is on PC keyboards
  f1: 0x7a,
  f2: 0x78,
  f3: 0x63,
  f4: 0x76,
  f5: 0x60,
  f6: 0x61,
  f7: 0x62,
  f8: 0x64,
  f9: 0x65,
  f10: 0x6d,
  f11: 0x67,
  f12: 0x6f,
  f13: 0x69,
  f14: 0x6b,
  f15: 0x71,
  f16: 0x6a,
  f17: 0x40,
  f18: 0x4f,
  f19: 0x50,
  f20: 0x5a,
};

/** Events.h: `kVK_ANSI_A = 0x00,` ... (US layout positions). */
const ANSI: Readonly<Record<string, number>> = {
  a: 0x00,
  s: 0x01,
  d: 0x02,
  f: 0x03,
  h: 0x04,
  g: 0x05,
  z: 0x06,
  x: 0x07,
  c: 0x08,
  v: 0x09,
  b: 0x0b,
  q: 0x0c,
  w: 0x0d,
  e: 0x0e,
  r: 0x0f,
  y: 0x10,
  t: 0x11,
  '1': 0x12,
  '2': 0x13,
  '3': 0x14,
  '4': 0x15,
  '6': 0x16,
  '5': 0x17,
  '=': 0x18,
  '9': 0x19,
  '7': 0x1a,
  '-': 0x1b,
  '8': 0x1c,
  '0': 0x1d,
  ']': 0x1e,
  o: 0x1f,
  u: 0x20,
  '[': 0x21,
  i: 0x22,
  p: 0x23,
  l: 0x25,
  j: 0x26,
  "'": 0x27,
  k: 0x28,
  ';': 0x29,
  '\\': 0x2a,
  ',': 0x2b,
  '/': 0x2c,
  n: 0x2d,
  m: 0x2e,
  '.': 0x2f,
  '`': 0x32,
};

/** Modifier keys' own codes (Events.h kVK_Control, kVK_Option, kVK_Shift, kVK_Command). */
const MODIFIER_KEYS: Record<Modifier, number> = { ctrl: 0x3b, alt: 0x3a, shift: 0x38, meta: 0x37 };

/** CGEventFlags per modifier (CG_FLAG values of axNative, repeated to keep this file pure). */
export const MODIFIER_FLAGS: Record<Modifier, number> = {
  shift: 0x20000,
  ctrl: 0x40000,
  alt: 0x80000,
  meta: 0x100000,
};

export function keyCode(key: string): number {
  const code =
    NAMED_KEYS[key.toLowerCase()] ?? (key.length === 1 ? ANSI[key.toLowerCase()] : undefined);
  if (code === undefined) throw new InvalidParamsError(`no macOS key code for "${key}"`);
  return code;
}

export function flagsOf(modifiers: readonly Modifier[]): number {
  return modifiers.reduce((flags, m) => flags | MODIFIER_FLAGS[m], 0);
}

/** Apps read at most 20 UTF-16 units of one event's string: longer text goes in chunks. */
const UNICODE_CHUNK = 20;

/** UTF-16 units of `text` in chunks that never split a surrogate pair. */
export function unicodeChunks(text: string): Uint16Array[] {
  const chunks: Uint16Array[] = [];
  let units: number[] = [];
  for (const ch of text) {
    if (units.length + ch.length > UNICODE_CHUNK) {
      chunks.push(Uint16Array.from(units));
      units = [];
    }
    for (let i = 0; i < ch.length; i++) units.push(ch.charCodeAt(i));
  }
  if (units.length > 0) chunks.push(Uint16Array.from(units));
  return chunks;
}

function pressCombo(surface: AxSurface, combo: KeyCombo): void {
  const code = keyCode(combo.key);
  let flags = 0;
  for (const m of combo.modifiers) {
    flags |= MODIFIER_FLAGS[m];
    surface.postKey(MODIFIER_KEYS[m], true, flags);
  }
  surface.postKey(code, true, flags);
  surface.postKey(code, false, flags);
  for (const m of [...combo.modifiers].reverse()) {
    flags &= ~MODIFIER_FLAGS[m];
    surface.postKey(MODIFIER_KEYS[m], false, flags);
  }
}

export function injectInput(surface: AxSurface, action: InputAction): void {
  switch (action.kind) {
    case 'keys':
      for (const combo of action.combos) keyCode(combo.key); // all valid before any is sent
      for (const combo of action.combos) pressCombo(surface, combo);
      return;
    case 'text':
      surface.postUnicode(action.text);
      return;
    case 'move':
      surface.postMouse('move', 'left', action.x, action.y, 0);
      return;
    case 'click':
      surface.postMouse('move', action.button, action.x, action.y, 0);
      for (let n = 1; n <= action.count; n++) {
        surface.postMouse('down', action.button, action.x, action.y, n);
        surface.postMouse('up', action.button, action.x, action.y, n);
      }
      return;
    case 'wheel':
      surface.postMouse('move', 'left', action.x, action.y, 0);
      surface.postWheel(action.dx, action.dy);
      return;
    case 'button':
      return postButton(surface, action);
  }
}

/** A drag's press or release; modifiers are held around the button (flags on each event). */
function postButton(surface: AxSurface, action: Extract<InputAction, { kind: 'button' }>): void {
  const modifiers = action.modifiers ?? [];
  let flags = 0;
  if (action.down) {
    for (const m of modifiers) {
      flags |= MODIFIER_FLAGS[m];
      surface.postKey(MODIFIER_KEYS[m], true, flags);
    }
    surface.postMouse('down', action.button, action.x, action.y, 1);
    return;
  }
  surface.postMouse('up', action.button, action.x, action.y, 1);
  flags = modifiers.reduce((f, m) => f | MODIFIER_FLAGS[m], 0);
  for (const m of [...modifiers].reverse()) {
    flags &= ~MODIFIER_FLAGS[m];
    surface.postKey(MODIFIER_KEYS[m], false, flags);
  }
}
