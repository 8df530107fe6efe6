import { describe, expect, it } from 'vitest';
import { observedOf } from '../../../../src/backends/sim/observed.js';

const presses = (action: Parameters<typeof observedOf>[0]) =>
  observedOf(action).filter((o) => o.pressed);

describe('the sim input layer as a person would have typed and clicked', () => {
  it('types text as one key a character, newlines and tabs as named keys', () => {
    expect(presses({ kind: 'text', text: 'a b\n\t' })).toEqual([
      { kind: 'key', pressed: true, key: 'a', modifiers: [], text: 'a' },
      { kind: 'key', pressed: true, key: 'Space', modifiers: [], text: ' ' },
      { kind: 'key', pressed: true, key: 'b', modifiers: [], text: 'b' },
      { kind: 'key', pressed: true, key: 'Enter', modifiers: [] },
      { kind: 'key', pressed: true, key: 'Tab', modifiers: [] },
    ]);
  });

  it('sends chords without text, and a press and a release for each', () => {
    const all = observedOf({ kind: 'keys', combos: [{ key: 's', modifiers: ['ctrl'] }] });
    expect(all).toEqual([
      { kind: 'key', pressed: true, key: 's', modifiers: ['ctrl'] },
      { kind: 'key', pressed: false, key: 's', modifiers: [] },
    ]);
  });

  it('clicks as many times as asked; wheel and moves are not recorded', () => {
    const clicks = presses({ kind: 'click', x: 1, y: 2, button: 'right', count: 2 });
    expect(clicks).toEqual([
      { kind: 'button', pressed: true, button: 'right', x: 1, y: 2 },
      { kind: 'button', pressed: true, button: 'right', x: 1, y: 2 },
    ]);
    expect(observedOf({ kind: 'move', x: 1, y: 2 })).toEqual([]);
  });
});
