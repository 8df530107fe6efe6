import { describe, expect, it } from 'vitest';
import { keyName, keysymText, modifierOf } from '../../../../src/backends/x11/x11Keys.js';

describe('X keysyms as the recorder names them', () => {
  it('gives canonical names to named keys and keeps letters and function keys', () => {
    expect(keyName('Return', 0xff0d)).toBe('Enter');
    expect(keyName('BackSpace', 0xff08)).toBe('Backspace');
    expect(keyName('Prior', 0xff55)).toBe('PageUp');
    expect(keyName('F5', 0xffc2)).toBe('F5');
    expect(keyName('a', 0x61)).toBe('a');
    expect(keyName('space', 0x20)).toBe('Space');
  });

  it('reads the text of Latin-1 and Unicode keysyms, none for named keys', () => {
    expect(keysymText(0x41)).toBe('A');
    expect(keysymText(0xe9)).toBe('é');
    expect(keysymText(0x10020ac)).toBe('€');
    expect(keysymText(0xff0d)).toBeUndefined();
  });

  it('knows the modifier keys', () => {
    expect(modifierOf('Control_R')).toBe('ctrl');
    expect(modifierOf('Shift_L')).toBe('shift');
    expect(modifierOf('Super_L')).toBe('meta');
    expect(modifierOf('a')).toBeUndefined();
  });
});
