/**
 * Typing any text whatever the keyboard layout, planned as pure data: every character is typed
 * through a spare keycode (one with no keysym in the server's map) temporarily mapped to the
 * character's keysym, as xdotool does for characters missing from the layout. Spare keycodes
 * are used for every character, not only the missing ones: a layout's own key for a Latin
 * letter depends on its groups and levels (y and z swap on a German layout; a Russian one has
 * no Latin group at all), while a keycode mapped to exactly that keysym types it on any layout.
 *
 * A chunk maps up to as many distinct characters as there are spare keycodes, all at once,
 * before its first key: toolkits re-read the whole keymap when told it changed, so the map must
 * not change again until the app has handled the chunk's keys (`handled` steps); only then are
 * the keycodes restored. Newlines and tabs are the layout's own Return and Tab keys.
 */

/** XK_Return and XK_Tab (keysymdef.h). */
export const XK_RETURN = 0xff0d;
export const XK_TAB = 0xff09;

/** The keysym of one character: Latin-1 keysyms are the code point, others 0x01000000 + it. */
export function keysymOfChar(ch: string): number {
  if (ch === '\n') return XK_RETURN;
  if (ch === '\t') return XK_TAB;
  const cp = ch.codePointAt(0) ?? 0;
  if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return 0x01000000 + cp;
}

/** The server's core keyboard map: `perCode` keysyms per keycode from `min` to `max`. */
export interface CoreKeymap {
  min: number;
  max: number;
  perCode: number;
  /** (max - min + 1) * perCode keysyms, row by row. */
  syms: readonly number[];
}

/** Keycodes with no keysym at all, highest first (the low ones are the physical keys). */
export function spareKeycodes(map: CoreKeymap, limit: number): number[] {
  const spare: number[] = [];
  for (let code = map.max; code >= map.min && spare.length < limit; code--) {
    const row = (code - map.min) * map.perCode;
    if (map.syms.slice(row, row + map.perCode).every((s) => s === 0)) spare.push(code);
  }
  return spare;
}

/** The keycode whose first keysym is `keysym` (Return, Tab), or undefined. */
export function keycodeOf(map: CoreKeymap, keysym: number): number | undefined {
  for (let code = map.min; code <= map.max; code++) {
    if (map.syms[(code - map.min) * map.perCode] === keysym) return code;
  }
  return undefined;
}

export type TypingStep =
  | { kind: 'map'; codes: { keycode: number; keysym: number }[] }
  | { kind: 'tap'; keycode: number }
  /** Wait until the app has handled every key sent so far. */
  | { kind: 'handled' }
  | { kind: 'restore'; keycodes: number[] };

/** The steps that type `text` with these spare keycodes and the layout's Return and Tab. */
export function planTyping(
  text: string,
  spare: readonly number[],
  named: { ret: number | undefined; tab: number | undefined },
): TypingStep[] {
  if (spare.length === 0 && [...text].some((c) => c !== '\n' && c !== '\t')) {
    throw new RangeError('no spare keycode to type with');
  }
  const steps: TypingStep[] = [];
  let chunk = new Map<number, number>();
  let taps: TypingStep[] = [];
  const flush = (): void => {
    if (chunk.size === 0 && taps.length === 0) return;
    const codes = [...chunk].map(([keysym, keycode]) => ({ keycode, keysym }));
    if (codes.length > 0) steps.push({ kind: 'map', codes });
    steps.push(...taps, { kind: 'handled' });
    if (codes.length > 0) steps.push({ kind: 'restore', keycodes: codes.map((c) => c.keycode) });
    chunk = new Map();
    taps = [];
  };
  for (const ch of text.replace(/\r\n/g, '\n')) {
    const keysym = keysymOfChar(ch);
    const own = ch === '\n' ? named.ret : ch === '\t' ? named.tab : undefined;
    if (own !== undefined) {
      taps.push({ kind: 'tap', keycode: own });
      continue;
    }
    if (!chunk.has(keysym) && chunk.size === spare.length) flush();
    const keycode = chunk.get(keysym) ?? spare[chunk.size] ?? 0;
    chunk.set(keysym, keycode);
    taps.push({ kind: 'tap', keycode });
  }
  flush();
  return steps;
}
