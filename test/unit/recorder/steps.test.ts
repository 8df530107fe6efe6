import { describe, expect, it } from 'vitest';
import type { Moment, SeenElement } from '../../../src/recorder/model.js';
import { chordName, toSteps } from '../../../src/recorder/steps.js';

function element(name: string, more: Partial<SeenElement> = {}): SeenElement {
  return {
    locator: { by: 'name', query: { name, nameMatch: 'equals', controlType: 'Edit', window: 'W' } },
    controlType: 'Edit',
    text: '',
    textIsValue: false,
    password: false,
    editable: true,
    enabled: true,
    ...more,
  };
}

const key = (k: string, focus: SeenElement | null, text?: string): Moment =>
  text === undefined
    ? { kind: 'key', key: k, modifiers: [], focus }
    : { kind: 'key', key: k, modifiers: [], focus, text };
const typed = (s: string, focus: SeenElement | null): Moment[] =>
  [...s].map((c) => key(c, focus, c));
const click = (target: SeenElement | null): Moment => ({
  kind: 'click',
  button: 'left',
  x: 5,
  y: 6,
  target,
});

describe('toSteps', () => {
  const name = element('Name');
  const button = element('Go', { controlType: 'Button', editable: false });

  it('merges keystrokes into one type step and takes back what Backspace erased', () => {
    const steps = toSteps([
      click(name),
      ...typed('Adx', name),
      key('Backspace', name),
      ...typed('a', name),
    ]);
    expect(steps).toEqual([
      { kind: 'click', target: name.locator, button: 'left' },
      { kind: 'type', target: name.locator, text: 'Ada', secret: false },
    ]);
  });

  it('types into the clicked editable even while focus still shows the element before', () => {
    const steps = toSteps([click(name), ...typed('hi', button)]);
    expect(steps[1]).toEqual({ kind: 'type', target: name.locator, text: 'hi', secret: false });
  });

  it('after Tab trusts focus again, and merges named keys on one element', () => {
    const steps = toSteps([click(name), key('Tab', name), key('Tab', name), ...typed('x', button)]);
    expect(steps.slice(1)).toEqual([
      { kind: 'keys', target: name.locator, keys: ['Tab', 'Tab'] },
      { kind: 'type', target: button.locator, text: 'x', secret: false },
    ]);
  });

  it('writes chords as keys steps, with modifiers in canonical order', () => {
    const steps = toSteps([{ kind: 'key', key: 's', modifiers: ['ctrl', 'shift'], focus: name }]);
    expect(steps).toEqual([{ kind: 'keys', target: name.locator, keys: ['Ctrl+Shift+s'] }]);
    expect(chordName('a', ['ctrl', 'alt'])).toBe('Ctrl+Alt+a');
  });

  it('never keeps the text typed into a password field', () => {
    const secret = element('Password', { password: true });
    const steps = toSteps([click(secret), ...typed('hunter2', secret)]);
    expect(steps[1]).toEqual({ kind: 'type', target: secret.locator, text: '', secret: true });
    expect(JSON.stringify(steps)).not.toContain('hunter2');
  });

  it('clicks a point when nothing known lay under it; waits on windows', () => {
    const steps = toSteps([
      click(null),
      { kind: 'window', opened: true, title: 'Save As' },
      { kind: 'window', opened: false, title: 'Save As' },
    ]);
    expect(steps).toEqual([
      { kind: 'click', target: { x: 5, y: 6 }, button: 'left' },
      { kind: 'wait', condition: 'windowOpened', title: 'Save As' },
      { kind: 'wait', condition: 'windowClosed', title: 'Save As' },
    ]);
  });

  it('asserts on text, on the checked state, or on enabled when there is no text', () => {
    const greeting = element('Greeting', { text: 'Hello', textIsValue: true });
    const box = element('Subscribe', { controlType: 'CheckBox', checked: true });
    const empty = element('Empty', { enabled: false });
    const secret = element('Password', { password: true, text: '' });
    const steps = toSteps(
      [greeting, box, empty, secret].map((focus) => ({ kind: 'assert', focus })),
    );
    expect(steps).toEqual([
      { kind: 'expectText', target: greeting.locator, text: 'Hello', source: 'value' },
      { kind: 'expectState', target: box.locator, state: 'checked' },
      { kind: 'expectState', target: empty.locator, state: 'disabled' },
      { kind: 'expectState', target: secret.locator, state: 'enabled' },
    ]);
  });

  it('writes a drag from an element to a point, and types after it into focus only', () => {
    const steps = toSteps([
      click(name),
      {
        kind: 'drag',
        button: 'left',
        from: button,
        fromPoint: { x: 1, y: 1 },
        to: null,
        toPoint: { x: 90, y: 40 },
      },
      ...typed('z', null),
    ]);
    expect(steps.slice(1)).toEqual([
      { kind: 'drag', from: button.locator, to: { x: 90, y: 40 }, button: 'left' },
      { kind: 'type', target: null, text: 'z', secret: false },
    ]);
  });

  it('leaves out an assertion with nothing focused', () => {
    expect(toSteps([{ kind: 'assert', focus: null }])).toEqual([]);
  });
});
