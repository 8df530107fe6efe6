import { describe, expect, it } from 'vitest';
import type { ElementNode, WindowInfo } from '../../../protocol/src/index.js';
import { seeElement, stableLocator, type TreeLookup } from '../../../src/recorder/locator.js';
import type { LocatorQuery } from '../../../src/recorder/model.js';

function node(ref: string, more: Partial<ElementNode> = {}): ElementNode {
  return {
    ref,
    window: 'w1',
    parent: 'e1',
    controlType: 'Edit',
    name: '',
    rect: null,
    states: ['enabled'],
    patterns: [],
    childCount: 0,
    ...more,
  };
}

const window = { ref: 'w1', title: 'Form' } as WindowInfo;

/** A window's elements in document order, filtered as elements.find would. */
function lookup(nodes: ElementNode[]): TreeLookup {
  const matches = (n: ElementNode, q: LocatorQuery): boolean =>
    (q.automationId === undefined || n.automationId === q.automationId) &&
    (q.name === undefined || n.name === q.name) &&
    (q.controlType === undefined || n.controlType === q.controlType);
  return {
    find: (q) => nodes.filter((n) => matches(n, q)),
    ancestors: () => ['Window "Form"', 'Pane ""'],
  };
}

describe('stableLocator', () => {
  it('prefers a unique automation id, scoped to the window', () => {
    const el = node('e2', { automationId: 'user.name', name: 'Name' });
    expect(stableLocator(el, window, lookup([el]))).toEqual({
      by: 'automationId',
      query: { automationId: 'user.name', window: 'Form' },
    });
  });

  it('falls to name + control type + window when the automation id is shared', () => {
    const a = node('e2', { automationId: 'field', name: 'Name' });
    const b = node('e3', { automationId: 'field', name: 'City' });
    expect(stableLocator(a, window, lookup([a, b]))).toEqual({
      by: 'name',
      query: { name: 'Name', nameMatch: 'equals', controlType: 'Edit', window: 'Form' },
    });
  });

  it('falls to the index among same-type elements when names do not single it out', () => {
    const a = node('e2');
    const b = node('e3');
    expect(stableLocator(b, window, lookup([a, b]))).toEqual({
      by: 'path',
      query: { controlType: 'Edit', window: 'Form' },
      index: 1,
      path: ['Window "Form"', 'Pane ""'],
    });
  });
});

describe('seeElement', () => {
  it('keeps no text of a password field', () => {
    const el = node('e2', { name: 'Password', value: '•••', states: ['enabled', 'password'] });
    const seen = seeElement(el, window, lookup([el]));
    expect(seen).toMatchObject({ password: true, text: '', editable: true });
  });

  it('reads a value as text, a name otherwise; checked state of a check box', () => {
    const field = node('e2', { name: 'Greeting', value: 'Hi', controlType: 'Text' });
    expect(seeElement(field, window, lookup([field]))).toMatchObject({
      text: 'Hi',
      textIsValue: true,
      editable: false,
    });
    const box = node('e3', { name: 'Subscribe', controlType: 'CheckBox', states: ['unchecked'] });
    expect(seeElement(box, window, lookup([box]))).toMatchObject({
      text: 'Subscribe',
      textIsValue: false,
      checked: false,
      enabled: false,
    });
  });
});
