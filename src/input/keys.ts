/**
 * Key combo parsing: turns what a caller writes ("Ctrl+S", "Ctrl+Shift+Tab Enter",
 * ["Alt+F4"]) into the backend's KeyCombo list. Unknown names are caller errors
 * (invalid_params) naming the bad part, never a silent no-op.
 */
import type { KeyCombo, Modifier } from '../backends/backend.js';
import { InvalidParamsError } from '../errors.js';

const MODIFIER_ALIASES: Readonly<Record<string, Modifier>> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  ctl: 'ctrl',
  alt: 'alt',
  option: 'alt',
  opt: 'alt',
  shift: 'shift',
  meta: 'meta',
  win: 'meta',
  windows: 'meta',
  super: 'meta',
  cmd: 'meta',
  command: 'meta',
};

/** Canonical named keys (the backend contract's spelling), keyed by lower-case alias. */
const NAMED_KEYS: Readonly<Record<string, string>> = {
  enter: 'Enter',
  return: 'Enter',
  tab: 'Tab',
  escape: 'Escape',
  esc: 'Escape',
  backspace: 'Backspace',
  bksp: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pgup: 'PageUp',
  pagedown: 'PageDown',
  pgdn: 'PageDown',
  up: 'Up',
  arrowup: 'Up',
  down: 'Down',
  arrowdown: 'Down',
  left: 'Left',
  arrowleft: 'Left',
  right: 'Right',
  arrowright: 'Right',
  space: 'Space',
  spacebar: 'Space',
  insert: 'Insert',
  ins: 'Insert',
  plus: '+',
};

const MODIFIER_ORDER: readonly Modifier[] = ['ctrl', 'alt', 'shift', 'meta'];
const FUNCTION_KEY = /^f([1-9]|1\d|2[0-4])$/;

/** The canonical key for one name, or undefined when it names no key. */
export function canonicalKey(name: string): string | undefined {
  if ([...name].length === 1) return name;
  const lower = name.toLowerCase();
  const named = NAMED_KEYS[lower];
  if (named !== undefined) return named;
  const fn = FUNCTION_KEY.exec(lower);
  return fn === null ? undefined : `F${fn[1]}`;
}

/**
 * Split one combo on '+', keeping a literal '+' key: "Ctrl++" is Ctrl with '+', and "+"
 * alone is the '+' key.
 */
function splitCombo(combo: string): string[] {
  if (combo === '+') return ['+'];
  const parts = combo.split('+');
  if (combo.endsWith('++')) return [...parts.slice(0, -2), '+'];
  return parts;
}

function invalid(message: string, combo: string, part: string): InvalidParamsError {
  return new InvalidParamsError(message, {
    details: { combo, key: part },
    recovery: [
      'Write combos like Ctrl+S, Ctrl+Shift+Tab, Alt+F4, Enter; separate several with spaces',
      'Named keys: Enter Tab Escape Backspace Delete Home End PageUp PageDown Up Down Left Right Space Insert F1..F24',
    ],
  });
}

/** Parse one combo such as "Ctrl+Shift+S". */
export function parseCombo(combo: string): KeyCombo {
  const parts = splitCombo(combo);
  const modifiers = new Set<Modifier>();
  for (const part of parts.slice(0, -1)) {
    const modifier = MODIFIER_ALIASES[part.toLowerCase()];
    if (modifier === undefined) {
      throw invalid(`"${part}" in "${combo}" is not a modifier`, combo, part);
    }
    if (modifiers.has(modifier)) throw invalid(`"${combo}" repeats ${part}`, combo, part);
    modifiers.add(modifier);
  }
  const last = parts[parts.length - 1] ?? '';
  if (last === '') throw invalid(`"${combo}" has no key after its modifiers`, combo, last);
  const key = canonicalKey(last);
  if (key === undefined) throw invalid(`unknown key "${last}" in "${combo}"`, combo, last);
  const ordered = MODIFIER_ORDER.filter((m) => modifiers.has(m));
  // A letter with modifiers names the key, not the character: Ctrl+S and Ctrl+s are one combo.
  const normalized = ordered.length > 0 && /^[A-Z]$/.test(key) ? key.toLowerCase() : key;
  return { key: normalized, modifiers: ordered };
}

/**
 * Parse a key sequence: a string of space-separated combos, or a list of combos (a list
 * entry may itself hold several space-separated combos).
 */
export function parseKeys(keys: string | readonly string[]): KeyCombo[] {
  const entries = typeof keys === 'string' ? [keys] : keys;
  const combos = entries.flatMap((entry) => entry.split(/\s+/).filter((c) => c.length > 0));
  if (combos.length === 0) {
    throw new InvalidParamsError('no keys given', { details: { keys } });
  }
  return combos.map(parseCombo);
}
