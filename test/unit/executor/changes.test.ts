import { describe, expect, it } from 'vitest';
import type { ElementNode, Patch, WindowInfo } from '../../../protocol/src/index.js';
import { summarizeChanges, windowState } from '../../../src/executor/changes.js';

function node(ref: string, name: string, window = 'w1'): ElementNode {
  return {
    ref,
    window,
    parent: null,
    controlType: 'Button',
    name,
    rect: { x: 0, y: 0, width: 10, height: 10 },
    states: ['enabled'],
    patterns: ['Invoke'],
    childCount: 0,
  };
}

const window2: WindowInfo = {
  ref: 'w2',
  element: 'e9',
  title: 'Save As',
  app: 'editor',
  rect: null,
  minimized: false,
  maximized: false,
  foreground: true,
  modal: true,
};

describe('summarizeChanges', () => {
  const nodes = new Map([
    ['e1', node('e1', 'Save')],
    ['e2', node('e2', 'File name:', 'w2')],
  ]);
  const lookup = { node: (ref: string) => nodes.get(ref) };

  it('reports windows, focus, merged property changes and counts', () => {
    const patches: Patch[] = [
      { op: 'update', ref: 'e1', props: { name: 'Save', states: ['focused'] } },
      { op: 'window.opened', window: window2 },
      { op: 'add', parent: null, index: 3, nodes: [node('e9', 'Save As', 'w2'), nodes.get('e2')!] },
      { op: 'focus', ref: 'e1', previous: null },
      { op: 'focus', ref: 'e2', previous: 'e1' },
      { op: 'update', ref: 'e1', props: { value: 'x' } },
      { op: 'remove', ref: 'e5', parent: 'e1', refs: ['e5', 'e6', 'e7'] },
      { op: 'window.closed', window: 'w3', title: 'About' },
    ];
    const changes = summarizeChanges(patches, lookup);
    expect(changes.opened).toEqual([{ ref: 'w2', title: 'Save As' }]);
    expect(changes.closed).toEqual([{ ref: 'w3', title: 'About' }]);
    expect(changes.focus).toMatchObject({ ref: 'e2', name: 'File name:', window: 'w2' });
    expect(changes.changed).toEqual([
      { ref: 'e1', name: 'Save', props: { name: 'Save', states: ['focused'], value: 'x' } },
    ]);
    expect(changes.added).toBe(2);
    expect(changes.removed).toBe(3);
  });

  it('reports no focus when focus went nowhere or was not touched', () => {
    expect(summarizeChanges([], lookup).focus).toBeNull();
    const cleared = summarizeChanges([{ op: 'focus', ref: null, previous: 'e1' }], lookup);
    expect(cleared.focus).toBeNull();
  });

  it('names a changed element that is gone from its patch', () => {
    const changes = summarizeChanges(
      [{ op: 'update', ref: 'e77', props: { name: 'Gone now' } }],
      lookup,
    );
    expect(changes.changed).toEqual([
      { ref: 'e77', name: 'Gone now', props: { name: 'Gone now' } },
    ]);
  });
});

describe('windowState', () => {
  it('keeps the window fields of an ActionResult, or answers null without a window', () => {
    expect(windowState(window2)).toEqual({
      ref: 'w2',
      title: 'Save As',
      foreground: true,
      rect: null,
    });
    expect(windowState(undefined)).toBeNull();
  });
});
