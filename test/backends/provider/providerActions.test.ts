import { describe, expect, it } from 'vitest';
import { checkPatternAction } from '../../../src/backends/provider/providerActions.js';
import { codeOf } from '../../support/errors.js';
import { node } from './fixture.js';

const slider = node('volume', 'win', [], {
  controlType: 'Slider',
  patterns: ['RangeValue'],
  range: { value: 20, min: 0, max: 100 },
});
const pane = node('pane', 'win', [], { controlType: 'Pane', patterns: ['Scroll'] });

const refusal = (run: () => void): string | undefined => codeOf(run);

describe('provider pattern checks, before anything is sent to the app', () => {
  it('a pattern the node does not list is pattern_not_supported', () => {
    expect(refusal(() => checkPatternAction(slider, { pattern: 'Toggle' }))).toBe(
      'pattern_not_supported',
    );
  });

  it('NaN, out-of-range values and empty scrolls are invalid_params', () => {
    for (const value of [Number.NaN, -1, 101]) {
      const run = () => checkPatternAction(slider, { pattern: 'RangeValue', value });
      expect(refusal(run)).toBe('invalid_params');
    }
    for (const amount of [Number.NaN, 0]) {
      const run = () => checkPatternAction(pane, { pattern: 'Scroll', direction: 'down', amount });
      expect(refusal(run)).toBe('invalid_params');
    }
  });

  it('a value within the range and a real scroll pass', () => {
    expect(refusal(() => checkPatternAction(slider, { pattern: 'RangeValue', value: 50 }))).toBe(
      undefined,
    );
    const scroll = { pattern: 'Scroll', direction: 'down', amount: 1 } as const;
    expect(refusal(() => checkPatternAction(pane, scroll))).toBe(undefined);
  });
});
