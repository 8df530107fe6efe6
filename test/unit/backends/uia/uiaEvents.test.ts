/**
 * The JS COM handler objects, exercised through their real vtables with koffi on Linux (the
 * x64 calling convention is the same for these signatures): QueryInterface, reference
 * counting, and the Handle...Event slots reaching the sinks.
 */
import { describe, expect, it } from 'vitest';
import { queryInterface, vcall, addRef, release } from '../../../../src/backends/uia/uiaCom.js';
import { HR, IID } from '../../../../src/backends/uia/uiaConstants.js';
import { createHandlerObjects, type EventSinks } from '../../../../src/backends/uia/uiaEvents.js';
import { guidBytes } from '../../../../src/backends/uia/uiaGuid.js';

function recordingSinks() {
  const calls: string[] = [];
  const sinks: EventSinks = {
    focus: (sender) => calls.push(`focus ${sender}`),
    automation: (sender, eventId) => calls.push(`automation ${sender} ${eventId}`),
    property: (sender, id, value) =>
      calls.push(`property ${sender} ${id} ${value === 0n ? 'null' : 'variant'}`),
    structure: (sender, change, runtimeId) =>
      calls.push(`structure ${sender} ${change} ${String(runtimeId)}`),
    error: (err) => calls.push(`error ${String(err)}`),
  };
  return { calls, sinks };
}

describe('JS COM handler objects', () => {
  it('answer QueryInterface for IUnknown and their own IID only', () => {
    const { sinks } = recordingSinks();
    const handlers = createHandlerObjects(sinks);
    expect(queryInterface(handlers.focus, guidBytes(IID.FocusChangedEventHandler))).toBe(
      handlers.focus,
    );
    expect(queryInterface(handlers.focus, guidBytes(IID.IUnknown))).toBe(handlers.focus);
    expect(queryInterface(handlers.focus, guidBytes(IID.EventHandler))).toBe(0n);
    const out = Buffer.alloc(8, 0xff);
    expect(
      vcall(handlers.property, 0, ['void *', 'void *'], guidBytes(IID.IUIAutomation), out),
    ).toBe(HR.E_NOINTERFACE);
    expect(out.readBigUInt64LE(0)).toBe(0n);
    addRef(handlers.focus);
    release(handlers.focus);
  });

  it('forward each Handle...Event slot to its sink and return S_OK', () => {
    const { calls, sinks } = recordingSinks();
    const h = createHandlerObjects(sinks);
    expect(vcall(h.focus, 3, ['void *'], 0x1000n)).toBe(0);
    expect(vcall(h.automation, 3, ['void *', 'int32_t'], 0x2000n, 20016)).toBe(0);
    expect(vcall(h.property, 3, ['void *', 'int32_t', 'void *'], 0x3000n, 30005, 0n)).toBe(0);
    expect(vcall(h.structure, 3, ['void *', 'int32_t', 'void *'], 0x4000n, 2, 0n)).toBe(0);
    expect(calls).toEqual([
      `focus ${0x1000}`,
      `automation ${0x2000} 20016`,
      `property ${0x3000} 30005 null`,
      `structure ${0x4000} 2 null`,
    ]);
  });

  it('never let a sink exception cross into the caller', () => {
    const { calls, sinks } = recordingSinks();
    const h = createHandlerObjects({
      ...sinks,
      focus: () => {
        throw new Error('boom');
      },
    });
    expect(vcall(h.focus, 3, ['void *'], 0x1n)).toBe(0);
    expect(calls).toEqual(['error Error: boom']);
  });
});
