import { describe, expect, it } from 'vitest';
import {
  INPUT_SIZE,
  KEYEVENTF,
  MOUSEEVENTF,
  comboEvents,
  encodeInputs,
  moveEvent,
  planInput,
  textEvents,
  virtualKey,
} from '../../../../src/backends/uia/uiaInput.js';
import { validateInput, validatePattern } from '../../../../src/backends/uia/uiaValidate.js';
import { guidBytes, guidText } from '../../../../src/backends/uia/uiaGuid.js';
import { IID } from '../../../../src/backends/uia/uiaConstants.js';

const screen = { x: 0, y: 0, width: 1921, height: 1081 };

describe('SendInput planning', () => {
  it('maps named keys, F-keys, letters and digits to virtual keys', () => {
    expect(virtualKey('Enter')).toEqual({ vk: 0x0d, shift: false });
    expect(virtualKey('F1').vk).toBe(0x70);
    expect(virtualKey('F24').vk).toBe(0x87);
    expect(virtualKey('s').vk).toBe(0x53);
    expect(virtualKey('7').vk).toBe(0x37);
    expect(virtualKey('?', () => ({ vk: 0xbf, shift: true }))).toEqual({ vk: 0xbf, shift: true });
    expect(() => virtualKey('?')).toThrow(/no virtual key/);
    expect(() => virtualKey('F25')).toThrow(/no virtual key/);
  });

  it('presses modifiers around the key and releases them in reverse', () => {
    const events = comboEvents({ key: 's', modifiers: ['ctrl', 'shift'] });
    expect(
      events.map((e) =>
        e.type === 'key' ? [e.vk, e.flags & KEYEVENTF.KEYUP ? 'up' : 'down'] : null,
      ),
    ).toEqual([
      [0x11, 'down'],
      [0x10, 'down'],
      [0x53, 'down'],
      [0x53, 'up'],
      [0x10, 'up'],
      [0x11, 'up'],
    ]);
    const arrow = comboEvents({ key: 'Left', modifiers: [] });
    expect(arrow.every((e) => e.type === 'key' && (e.flags & KEYEVENTF.EXTENDEDKEY) !== 0)).toBe(
      true,
    );
  });

  it('types Unicode text as UTF-16 units, newlines as Enter', () => {
    const events = textEvents('é😀\n');
    const units = events
      .filter((e) => e.type === 'key' && e.flags === KEYEVENTF.UNICODE)
      .map((e) => (e.type === 'key' ? e.scan : 0));
    expect(units).toEqual([0xe9, 0xd83d, 0xde00]);
    expect(events.slice(-2)).toEqual([
      { type: 'key', vk: 0x0d, scan: 0, flags: 0 },
      { type: 'key', vk: 0x0d, scan: 0, flags: KEYEVENTF.KEYUP },
    ]);
  });

  it('normalises physical pixels over the virtual desktop', () => {
    expect(moveEvent(0, 0, screen)).toMatchObject({ dx: 0, dy: 0 });
    expect(moveEvent(1920, 1080, screen)).toMatchObject({ dx: 65535, dy: 65535 });
    expect(moveEvent(960, 540, screen)).toMatchObject({ dx: 32768, dy: 32768 });
    expect(moveEvent(-100, 5000, screen)).toMatchObject({ dx: 0, dy: 65535 });
    const shifted = moveEvent(-1920, 0, { x: -1920, y: 0, width: 3841, height: 1081 });
    expect(shifted.type === 'mouse' && shifted.flags).toBe(
      MOUSEEVENTF.MOVE | MOUSEEVENTF.ABSOLUTE | MOUSEEVENTF.VIRTUALDESK,
    );
    expect(shifted).toMatchObject({ dx: 0 });
  });

  it('plans double clicks and wheel turns', () => {
    const click = planInput({ kind: 'click', x: 10, y: 10, button: 'right', count: 2 }, screen);
    expect(click.slice(1).map((e) => e.type === 'mouse' && e.flags)).toEqual([
      MOUSEEVENTF.RIGHTDOWN,
      MOUSEEVENTF.RIGHTUP,
      MOUSEEVENTF.RIGHTDOWN,
      MOUSEEVENTF.RIGHTUP,
    ]);
    const wheel = planInput({ kind: 'wheel', x: 1, y: 1, dx: 0, dy: 2 }, screen);
    expect(wheel[1]).toEqual({ type: 'mouse', dx: 0, dy: 0, data: -240, flags: MOUSEEVENTF.WHEEL });
  });

  it('encodes INPUT structs with the x64 layout', () => {
    const buf = encodeInputs([
      { type: 'key', vk: 0x41, scan: 0x1e, flags: KEYEVENTF.KEYUP },
      { type: 'mouse', dx: 100, dy: -5, data: -120, flags: MOUSEEVENTF.WHEEL },
    ]);
    expect(buf.length).toBe(2 * INPUT_SIZE);
    expect([
      buf.readUInt32LE(0),
      buf.readUInt16LE(8),
      buf.readUInt16LE(10),
      buf.readUInt32LE(12),
    ]).toEqual([1, 0x41, 0x1e, 2]);
    const m = INPUT_SIZE;
    expect([
      buf.readUInt32LE(m),
      buf.readInt32LE(m + 8),
      buf.readInt32LE(m + 12),
      buf.readInt32LE(m + 16),
      buf.readUInt32LE(m + 20),
    ]).toEqual([0, 100, -5, -120, MOUSEEVENTF.WHEEL]);
  });
});

describe('argument checks before the host', () => {
  it('rejects non-finite and out-of-range input with invalid_params', () => {
    const bad = [
      () => validateInput({ kind: 'click', x: Number.NaN, y: 0, button: 'left', count: 1 }),
      () => validateInput({ kind: 'click', x: 0, y: 0, button: 'left', count: 4 }),
      () => validateInput({ kind: 'move', x: 1e9, y: 0 }),
      () => validateInput({ kind: 'wheel', x: 0, y: 0, dx: Number.POSITIVE_INFINITY, dy: 0 }),
      () => validateInput({ kind: 'keys', combos: [] }),
      () => validatePattern({ pattern: 'RangeValue', value: Number.NaN }),
      () => validatePattern({ pattern: 'Scroll', direction: 'down', amount: 0 }),
    ];
    for (const call of bad)
      expect(call).toThrow(expect.objectContaining({ code: 'invalid_params' }));
    expect(() => validateInput({ kind: 'text', text: '' })).not.toThrow();
    expect(() => validatePattern({ pattern: 'Scroll', direction: 'up', amount: 3 })).not.toThrow();
  });
});

describe('GUIDs', () => {
  it('lays out Data1-3 little-endian and Data4 as bytes, and reads back', () => {
    const bytes = guidBytes(IID.IUIAutomation);
    expect(bytes.toString('hex')).toBe('7de5cb30d0d92a45ab137ac5ac4825ee');
    expect(guidText(bytes)).toBe(IID.IUIAutomation);
    expect(() => guidBytes('not-a-guid')).toThrow(
      expect.objectContaining({ code: 'invalid_params' }),
    );
  });
});

describe('drag presses through SendInput', () => {
  const screen = { x: 0, y: 0, width: 1001, height: 1001 };
  it('presses modifiers, moves, then presses the button; the release mirrors it', () => {
    const press = planInput(
      { kind: 'button', x: 500, y: 500, button: 'left', down: true, modifiers: ['shift'] },
      screen,
    );
    expect(press.map((e) => e.flags)).toEqual([
      0,
      MOUSEEVENTF.MOVE | MOUSEEVENTF.ABSOLUTE | MOUSEEVENTF.VIRTUALDESK,
      MOUSEEVENTF.LEFTDOWN,
    ]);
    expect(press[0]).toMatchObject({ type: 'key', vk: 0x10 });
    const release = planInput(
      { kind: 'button', x: 500, y: 500, button: 'left', down: false, modifiers: ['shift'] },
      screen,
    );
    expect(release.map((e) => e.flags)).toEqual([
      MOUSEEVENTF.MOVE | MOUSEEVENTF.ABSOLUTE | MOUSEEVENTF.VIRTUALDESK,
      MOUSEEVENTF.LEFTUP,
      KEYEVENTF.KEYUP,
    ]);
  });

  it('checks a drag press before the host sees it', () => {
    expect(() =>
      validateInput({ kind: 'button', x: 1e9, y: 0, button: 'left', down: true }),
    ).toThrow(/outside any screen/);
  });
});
