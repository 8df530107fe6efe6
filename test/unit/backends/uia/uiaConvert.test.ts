import { describe, expect, it } from 'vitest';
import { CONTROL_TYPES } from '../../../../protocol/src/index.js';
import { PROP } from '../../../../src/backends/uia/uiaConstants.js';
import {
  backendIdToRuntimeId,
  controlTypeName,
  runtimeIdToBackendId,
  toBackendProps,
  toRect,
  type RawValue,
} from '../../../../src/backends/uia/uiaConvert.js';

const raw = (entries: Record<number, RawValue>) =>
  new Map(Object.entries(entries).map(([k, v]) => [Number(k), v]));

describe('UIA conversions', () => {
  it('maps every control type ID and falls back to Custom', () => {
    expect(controlTypeName(50000)).toBe('Button');
    expect(controlTypeName(50032)).toBe('Window');
    expect(controlTypeName(50040)).toBe('AppBar');
    expect(CONTROL_TYPES.map((_, i) => controlTypeName(50000 + i))).toEqual([...CONTROL_TYPES]);
    expect(controlTypeName(50041)).toBe('Custom');
    expect(controlTypeName(0)).toBe('Custom');
  });

  it('round-trips RuntimeIds, negative parts included', () => {
    const id = runtimeIdToBackendId([42, 0x10068, -5]);
    expect(id).toBe('2a.10068.fffffffb');
    expect(backendIdToRuntimeId(id)).toEqual([42, 0x10068, -5]);
    expect(backendIdToRuntimeId('desktop')).toBeNull();
    expect(backendIdToRuntimeId('2a..1')).toBeNull();
  });

  it('reads BoundingRectangle as left, top, width, height; empty is null', () => {
    expect(toRect([10, 20, 300, 40])).toEqual({ x: 10, y: 20, width: 300, height: 40 });
    expect(toRect([0, 0, 0, 0])).toBeNull();
    expect(toRect(null)).toBeNull();
    expect(toRect([1, 2, 3])).toBeNull();
  });

  it('builds props of a checked, focused check box', () => {
    const props = toBackendProps(
      raw({
        [PROP.ControlType]: 50002,
        [PROP.Name]: 'Word wrap',
        [PROP.AutomationId]: 'wrap',
        [PROP.IsEnabled]: true,
        [PROP.HasKeyboardFocus]: true,
        [PROP.IsKeyboardFocusable]: true,
        [PROP.IsTogglePatternAvailable]: true,
        [PROP.IsInvokePatternAvailable]: true,
        [PROP.ToggleState]: 1,
        [PROP.BoundingRectangle]: [5, 6, 70, 20],
        [PROP.ProcessId]: 1234,
      }),
    );
    expect(props).toEqual({
      controlType: 'CheckBox',
      name: 'Word wrap',
      automationId: 'wrap',
      rect: { x: 5, y: 6, width: 70, height: 20 },
      states: ['enabled', 'focused', 'focusable', 'checked'],
      patterns: ['Invoke', 'Toggle'],
      pid: 1234,
    });
  });

  it('maps toggle, expand, selection, window and value states in protocol order', () => {
    const states = (entries: Record<number, RawValue>) => toBackendProps(raw(entries)).states;
    expect(states({ [PROP.IsTogglePatternAvailable]: true, [PROP.ToggleState]: 0 })).toEqual([
      'unchecked',
    ]);
    expect(states({ [PROP.IsTogglePatternAvailable]: true, [PROP.ToggleState]: 2 })).toEqual([
      'mixed',
    ]);
    expect(
      states({ [PROP.IsExpandCollapsePatternAvailable]: true, [PROP.ExpandCollapseState]: 0 }),
    ).toEqual(['collapsed']);
    expect(
      states({ [PROP.IsExpandCollapsePatternAvailable]: true, [PROP.ExpandCollapseState]: 2 }),
    ).toEqual(['expanded']);
    expect(
      states({ [PROP.IsExpandCollapsePatternAvailable]: true, [PROP.ExpandCollapseState]: 3 }),
    ).toEqual([]);
    expect(
      states({
        [PROP.IsSelectionItemPatternAvailable]: true,
        [PROP.SelectionItemIsSelected]: true,
      }),
    ).toEqual(['selected', 'selectable']);
    expect(
      states({
        [PROP.IsWindowPatternAvailable]: true,
        [PROP.WindowIsModal]: true,
        [PROP.WindowVisualState]: 2,
      }),
    ).toEqual(['modal', 'minimized']);
    expect(
      states({
        [PROP.ControlType]: 50004,
        [PROP.IsValuePatternAvailable]: true,
        [PROP.ValueIsReadOnly]: false,
      }),
    ).toEqual(['editable']);
    expect(
      states({
        [PROP.ControlType]: 50004,
        [PROP.IsValuePatternAvailable]: true,
        [PROP.ValueIsReadOnly]: true,
      }),
    ).toEqual(['readonly']);
    expect(states({ [PROP.IsOffscreen]: true, [PROP.IsPassword]: true })).toEqual([
      'offscreen',
      'password',
    ]);
  });

  it('carries value and range only with their patterns, and the app/active context', () => {
    const slider = toBackendProps(
      raw({
        [PROP.ControlType]: 50015,
        [PROP.IsRangeValuePatternAvailable]: true,
        [PROP.RangeValueValue]: 30,
        [PROP.RangeValueMinimum]: 0,
        [PROP.RangeValueMaximum]: 100,
        [PROP.RangeValueSmallChange]: 1,
        [PROP.ValueValue]: 'ignored without the Value pattern',
      }),
      { active: true, app: 'calc' },
    );
    expect(slider.range).toEqual({ value: 30, min: 0, max: 100, step: 1 });
    expect(slider.value).toBeUndefined();
    expect(slider.app).toBe('calc');
    expect(slider.states).toContain('active');
    const edit = toBackendProps(
      raw({
        [PROP.ControlType]: 50004,
        [PROP.IsValuePatternAvailable]: true,
        [PROP.ValueValue]: null,
      }),
    );
    expect(edit.value).toBe('');
  });
});
