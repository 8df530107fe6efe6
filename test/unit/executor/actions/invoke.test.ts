import { describe, expect, it } from 'vitest';
import { getMethod, type ElementNode, type MethodParams } from '../../../../protocol/src/index.js';
import { patternAction } from '../../../../src/executor/actions/invoke.js';
import { codeOf } from '../../../support/errors.js';

const node = (states: ElementNode['states'] = ['enabled']): ElementNode => ({
  ref: 'e1',
  window: 'w1',
  parent: null,
  controlType: 'ComboBox',
  name: 'Language',
  rect: null,
  states,
  patterns: ['ExpandCollapse', 'Value'],
  childCount: 0,
});

function params(input: Record<string, unknown>): MethodParams<'actions.invoke'> {
  return getMethod('actions.invoke')!.params.parse({
    target: { ref: 'e1' },
    ...input,
  }) as MethodParams<'actions.invoke'>;
}

describe('patternAction', () => {
  it('gives each pattern its natural operation', () => {
    expect(patternAction(params({ pattern: 'Invoke' }), node())).toEqual({ pattern: 'Invoke' });
    expect(patternAction(params({ pattern: 'Toggle' }), node())).toEqual({ pattern: 'Toggle' });
    expect(patternAction(params({ pattern: 'SelectionItem' }), node())).toEqual({
      pattern: 'SelectionItem',
      op: 'select',
    });
    expect(patternAction(params({ pattern: 'ScrollItem' }), node())).toEqual({
      pattern: 'ScrollItem',
    });
  });

  it('flips ExpandCollapse by the current state unless told', () => {
    expect(patternAction(params({ pattern: 'ExpandCollapse' }), node(['collapsed']))).toEqual({
      pattern: 'ExpandCollapse',
      op: 'expand',
    });
    expect(patternAction(params({ pattern: 'ExpandCollapse' }), node(['expanded']))).toEqual({
      pattern: 'ExpandCollapse',
      op: 'collapse',
    });
    expect(
      patternAction(params({ pattern: 'ExpandCollapse', op: 'expand' }), node(['expanded'])),
    ).toEqual({ pattern: 'ExpandCollapse', op: 'expand' });
  });

  it('maps selection ops and values', () => {
    expect(
      patternAction(params({ pattern: 'SelectionItem', op: 'addToSelection' }), node()),
    ).toEqual({
      pattern: 'SelectionItem',
      op: 'add',
    });
    expect(patternAction(params({ pattern: 'Value', value: 7 }), node())).toEqual({
      pattern: 'Value',
      value: '7',
    });
    expect(patternAction(params({ pattern: 'RangeValue', value: '12.5' }), node())).toEqual({
      pattern: 'RangeValue',
      value: 12.5,
    });
  });

  it('refuses ops that do not fit, missing values and patterns without an operation', () => {
    expect(codeOf(() => patternAction(params({ pattern: 'Toggle', op: 'expand' }), node()))).toBe(
      'invalid_params',
    );
    expect(codeOf(() => patternAction(params({ pattern: 'Value' }), node()))).toBe(
      'invalid_params',
    );
    expect(
      codeOf(() => patternAction(params({ pattern: 'RangeValue', value: 'loud' }), node())),
    ).toBe('invalid_params');
    expect(codeOf(() => patternAction(params({ pattern: 'Grid' }), node()))).toBe('invalid_params');
    expect(
      codeOf(() => patternAction(params({ pattern: 'SelectionItem', op: 'toggle' }), node())),
    ).toBe('invalid_params');
  });
});
