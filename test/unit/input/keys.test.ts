import { describe, expect, it } from 'vitest';
import { isUiError } from '../../../src/errors.js';
import { canonicalKey, parseCombo, parseKeys } from '../../../src/input/keys.js';
import { codeOf } from '../../support/errors.js';

describe('parseCombo', () => {
  it('reads a modifier combo with the letter lower-cased', () => {
    expect(parseCombo('Ctrl+S')).toEqual({ key: 's', modifiers: ['ctrl'] });
    expect(parseCombo('ctrl+s')).toEqual({ key: 's', modifiers: ['ctrl'] });
  });

  it('orders modifiers canonically and accepts aliases', () => {
    expect(parseCombo('Shift+Control+Tab')).toEqual({ key: 'Tab', modifiers: ['ctrl', 'shift'] });
    expect(parseCombo('Cmd+Option+Esc')).toEqual({ key: 'Escape', modifiers: ['alt', 'meta'] });
  });

  it('keeps a lone character as typed', () => {
    expect(parseCombo('A')).toEqual({ key: 'A', modifiers: [] });
    expect(parseCombo('7')).toEqual({ key: '7', modifiers: [] });
  });

  it('treats a trailing double plus as the plus key', () => {
    expect(parseCombo('Ctrl++')).toEqual({ key: '+', modifiers: ['ctrl'] });
    expect(parseCombo('+')).toEqual({ key: '+', modifiers: [] });
    expect(parseCombo('Ctrl+Plus')).toEqual({ key: '+', modifiers: ['ctrl'] });
  });

  it('knows function keys F1..F24 and nothing beyond', () => {
    expect(parseCombo('Alt+F4')).toEqual({ key: 'F4', modifiers: ['alt'] });
    expect(canonicalKey('f24')).toBe('F24');
    expect(canonicalKey('F25')).toBeUndefined();
    expect(canonicalKey('F0')).toBeUndefined();
  });

  it('rejects unknown keys, unknown modifiers, repeats and empty keys with invalid_params', () => {
    expect(codeOf(() => parseCombo('Ctrl+Banana'))).toBe('invalid_params');
    expect(codeOf(() => parseCombo('Hyper+S'))).toBe('invalid_params');
    expect(codeOf(() => parseCombo('Ctrl+Ctrl+S'))).toBe('invalid_params');
    expect(codeOf(() => parseCombo('Ctrl+'))).toBe('invalid_params');
  });

  it('names the bad part in the error details', () => {
    try {
      parseCombo('Ctrl+Shift+Nope');
      expect.unreachable('should throw');
    } catch (err) {
      expect(isUiError(err) && err.details).toEqual({ combo: 'Ctrl+Shift+Nope', key: 'Nope' });
    }
  });
});

describe('parseKeys', () => {
  it('splits a space-separated sequence', () => {
    expect(parseKeys('Ctrl+A Delete  Enter')).toEqual([
      { key: 'a', modifiers: ['ctrl'] },
      { key: 'Delete', modifiers: [] },
      { key: 'Enter', modifiers: [] },
    ]);
  });

  it('accepts a list whose entries may hold several combos', () => {
    expect(parseKeys(['Ctrl+S', 'Tab Tab'])).toEqual([
      { key: 's', modifiers: ['ctrl'] },
      { key: 'Tab', modifiers: [] },
      { key: 'Tab', modifiers: [] },
    ]);
  });

  it('rejects an empty sequence', () => {
    expect(codeOf(() => parseKeys('   '))).toBe('invalid_params');
    expect(codeOf(() => parseKeys([]))).toBe('invalid_params');
  });
});
