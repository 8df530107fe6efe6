/**
 * X keysyms as the recorder names them: Xlib's keysym names turned into the canonical key
 * names of src/input/keys.ts, and the text a keysym types. Pure, unit-tested.
 */
import type { Modifier } from '../backend.js';

/** Xlib names whose canonical spelling differs. */
const NAMED: Readonly<Record<string, string>> = {
  Return: 'Enter',
  KP_Enter: 'Enter',
  BackSpace: 'Backspace',
  Escape: 'Escape',
  Tab: 'Tab',
  ISO_Left_Tab: 'Tab',
  Delete: 'Delete',
  Home: 'Home',
  End: 'End',
  Prior: 'PageUp',
  Next: 'PageDown',
  Up: 'Up',
  Down: 'Down',
  Left: 'Left',
  Right: 'Right',
  Insert: 'Insert',
  space: 'Space',
};

/** Modifier keys: tracked, never recorded as keys of their own. */
const MODIFIER_KEYS: Readonly<Record<string, Modifier>> = {
  Shift_L: 'shift',
  Shift_R: 'shift',
  Control_L: 'ctrl',
  Control_R: 'ctrl',
  Alt_L: 'alt',
  Alt_R: 'alt',
  Meta_L: 'alt',
  Meta_R: 'alt',
  Super_L: 'meta',
  Super_R: 'meta',
};

export function modifierOf(keysymName: string): Modifier | undefined {
  return MODIFIER_KEYS[keysymName];
}

/** The text a keysym types: Latin-1 keysyms are their code point, 0x1000000+cp is Unicode. */
export function keysymText(keysym: number): string | undefined {
  if ((keysym >= 0x20 && keysym <= 0x7e) || (keysym >= 0xa0 && keysym <= 0xff)) {
    return String.fromCodePoint(keysym);
  }
  if (keysym >= 0x1000100 && keysym <= 0x110ffff) return String.fromCodePoint(keysym - 0x1000000);
  return undefined;
}

/** The canonical key name of a keysym (its Xlib name when nothing more canonical exists). */
export function keyName(keysymName: string, keysym: number): string {
  const named = NAMED[keysymName];
  if (named !== undefined) return named;
  if (/^F([1-9]|1\d|2[0-4])$/.test(keysymName)) return keysymName;
  const text = keysymText(keysym);
  return text ?? keysymName;
}
