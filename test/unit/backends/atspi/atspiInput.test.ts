import { describe, expect, it } from 'vitest';
import {
  KEY_DELAY_MS,
  keysymOf,
  typingRuns,
  xdotoolArgs,
} from '../../../../src/backends/atspi/atspiInput.js';
import { InvalidParamsError } from '../../../../src/errors.js';

describe('xdotool argument building', () => {
  it('names keys the way xdotool wants them', () => {
    expect(keysymOf({ key: 's', modifiers: ['ctrl'] })).toBe('ctrl+s');
    expect(keysymOf({ key: 'Enter', modifiers: [] })).toBe('Return');
    expect(keysymOf({ key: 'PageDown', modifiers: ['shift', 'alt'] })).toBe('shift+alt+Next');
    expect(keysymOf({ key: 'F12', modifiers: ['meta'] })).toBe('super+F12');
    expect(keysymOf({ key: ',', modifiers: [] })).toBe('comma');
  });

  it('rejects unknown keys and empty key lists with invalid_params', () => {
    expect(() => keysymOf({ key: 'F25', modifiers: [] })).toThrow(InvalidParamsError);
    expect(() => keysymOf({ key: 'NoSuchKey', modifiers: [] })).toThrow(InvalidParamsError);
    expect(() => xdotoolArgs({ kind: 'keys', combos: [] })).toThrow(InvalidParamsError);
  });

  it('builds clicks, wheels and typing as argv (never a shell line)', () => {
    expect(xdotoolArgs({ kind: 'click', x: 10.4, y: 20.6, button: 'right', count: 2 })).toEqual([
      'mousemove',
      '10',
      '21',
      'click',
      '--repeat',
      '2',
      '3',
    ]);
    expect(xdotoolArgs({ kind: 'wheel', x: 1, y: 2, dx: 0, dy: -3 })).toEqual([
      'mousemove',
      '1',
      '2',
      'click',
      '--repeat',
      '3',
      '4',
    ]);
    expect(xdotoolArgs({ kind: 'text', text: '-rf; $(x)' })).toEqual([
      'type',
      '--delay',
      String(KEY_DELAY_MS),
      '--',
      '-rf; $(x)',
    ]);
  });

  it('rejects non-finite coordinates and bad counts with invalid_params', () => {
    const click = { kind: 'click', x: Number.NaN, y: 1, button: 'left', count: 1 } as const;
    expect(() => xdotoolArgs(click)).toThrow(InvalidParamsError);
    expect(() => xdotoolArgs({ ...click, x: 1, count: 0 })).toThrow(InvalidParamsError);
    expect(() => xdotoolArgs({ kind: 'move', x: 1, y: Infinity })).toThrow(InvalidParamsError);
    expect(() => xdotoolArgs({ kind: 'wheel', x: 1, y: 1, dx: 0, dy: 0 })).toThrow(
      InvalidParamsError,
    );
  });

  it('types newlines and tabs as key presses, the rest paced per key', () => {
    const type = (text: string): string[] => ['type', '--delay', String(KEY_DELAY_MS), '--', text];
    expect(typingRuns('A\nB\tC\r\nD')).toEqual([
      type('A'),
      ['key', '--clearmodifiers', 'Return'],
      type('B'),
      ['key', '--clearmodifiers', 'Tab'],
      type('C'),
      ['key', '--clearmodifiers', 'Return'],
      type('D'),
    ]);
    expect(typingRuns('')).toEqual([]);
    expect(typingRuns('\n\n')).toEqual([
      ['key', '--clearmodifiers', 'Return'],
      ['key', '--clearmodifiers', 'Return'],
    ]);
  });
});

describe('drag presses', () => {
  it('holds modifiers around the button, pressed first and released last', () => {
    const at = { x: 10.4, y: 20, button: 'left' as const, modifiers: ['ctrl' as const] };
    expect(xdotoolArgs({ kind: 'button', ...at, down: true })).toEqual([
      'mousemove',
      '10',
      '20',
      'keydown',
      'ctrl',
      'mousedown',
      '1',
    ]);
    expect(xdotoolArgs({ kind: 'button', ...at, down: false })).toEqual([
      'mousemove',
      '10',
      '20',
      'mouseup',
      '1',
      'keyup',
      'ctrl',
    ]);
    expect(xdotoolArgs({ kind: 'button', x: 1, y: 2, button: 'right', down: true })).toEqual([
      'mousemove',
      '1',
      '2',
      'mousedown',
      '3',
    ]);
  });

  it('refuses a point that is not a number', () => {
    expect(() =>
      xdotoolArgs({ kind: 'button', x: Number.NaN, y: 2, button: 'left', down: true }),
    ).toThrow(InvalidParamsError);
  });
});
