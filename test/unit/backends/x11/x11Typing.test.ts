import { describe, expect, it } from 'vitest';
import {
  keycodeOf,
  keysymOfChar,
  planTyping,
  spareKeycodes,
  XK_RETURN,
  type CoreKeymap,
} from '../../../../src/backends/x11/x11Typing.js';

/** Keycodes 8..15, two keysyms each: 9 is Return, 10 is 'a', 12..15 are free. */
const MAP: CoreKeymap = {
  min: 8,
  max: 15,
  perCode: 2,
  syms: [0x61, 0x41, XK_RETURN, 0, 0x61, 0x41, 0, 0x100, 0, 0, 0, 0, 0, 0, 0, 0],
};

describe('typing through borrowed keycodes', () => {
  it('gives Latin-1 characters their code point and others the Unicode keysym range', () => {
    expect(keysymOfChar('a')).toBe(0x61);
    expect(keysymOfChar('ü')).toBe(0xfc);
    expect(keysymOfChar('П')).toBe(0x0100041f);
    expect(keysymOfChar('✓')).toBe(0x01002713);
    expect(keysymOfChar('😀')).toBe(0x0101f600);
    expect(keysymOfChar('\n')).toBe(XK_RETURN);
  });

  it('finds free keycodes from the top and the layout’s Return', () => {
    expect(spareKeycodes(MAP, 10)).toEqual([15, 14, 13, 12]);
    expect(spareKeycodes(MAP, 2)).toEqual([15, 14]);
    expect(keycodeOf(MAP, XK_RETURN)).toBe(9);
  });

  it('maps each chunk at once, waits for the app, then restores, reusing codes for repeats', () => {
    const steps = planTyping('aba\nc', [15, 14], { ret: 9, tab: undefined });
    expect(steps).toEqual([
      {
        kind: 'map',
        codes: [
          { keycode: 15, keysym: 0x61 },
          { keycode: 14, keysym: 0x62 },
        ],
      },
      { kind: 'tap', keycode: 15 },
      { kind: 'tap', keycode: 14 },
      { kind: 'tap', keycode: 15 },
      { kind: 'tap', keycode: 9 },
      { kind: 'handled' },
      { kind: 'restore', keycodes: [15, 14] },
      { kind: 'map', codes: [{ keycode: 15, keysym: 0x63 }] },
      { kind: 'tap', keycode: 15 },
      { kind: 'handled' },
      { kind: 'restore', keycodes: [15] },
    ]);
  });

  it('refuses text when the map has no free keycode', () => {
    expect(() => planTyping('x', [], { ret: 9, tab: undefined })).toThrow(RangeError);
    expect(planTyping('\n', [], { ret: 9, tab: undefined })).toEqual([
      { kind: 'tap', keycode: 9 },
      { kind: 'handled' },
    ]);
  });
});
