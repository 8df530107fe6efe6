import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import type { ActionResult, UiEvent } from '../../../protocol/src/index.js';
import { actionText, clip, eventLine, nodeLine, windowLine } from '../../../src/mcp/render.js';
import { sampleAction, sampleNode } from './fake-table.js';

describe('render', () => {
  it('shows an action with its element, window and changes', () => {
    const text = actionText(sampleAction);
    expect(text).toContain('click button "Save" [ref=e12] via pattern in 42ms (rev 120)');
    expect(text).toContain('window "Untitled - Editor" [w1] [foreground]');
    expect(text).toContain('opened "Save As" [w4]');
    expect(text).toContain('focus -> edit "File name" [ref=e80]');
    expect(text).toContain('elements +31 -0');
  });

  it('keeps a busy action result under 150 tokens', () => {
    const long = 'x'.repeat(500);
    const busy: ActionResult = {
      ...sampleAction,
      changes: {
        ...sampleAction.changes,
        opened: Array.from({ length: 10 }, (_, i) => ({ ref: `w${i}`, title: long })),
        changed: Array.from({ length: 20 }, (_, i) => ({
          ref: `e${i}`,
          name: long,
          props: { value: long, name: long, rect: { x: 1, y: 2, width: 3, height: 4 } },
        })),
      },
    };
    expect(encode(actionText(busy)).length).toBeLessThanOrEqual(150);
    expect(actionText(busy)).toMatch(/\+\d+ more/);
  });

  it('describes changed properties the way a person would', () => {
    const r: ActionResult = {
      ...sampleAction,
      changes: {
        ...sampleAction.changes,
        opened: [],
        focus: null,
        changed: [
          { ref: 'e3', name: 'Bold', props: { states: ['focusable', 'checked'] } },
          { ref: 'e4', name: 'Row 1', props: { rect: { x: 1, y: 2, width: 3, height: 4 } } },
          { ref: 'e5', name: 'Name', props: { value: 'Ada', range: { value: 3 } } },
        ],
      },
    };
    expect(actionText(r).split('\n').at(-1)).toBe(
      'changes: e3 "Bold" [disabled][checked]; e4 "Row 1" moved; e5 "Name" value="Ada" range={"value":3}; elements +31 -0',
    );
  });

  it('tells the agent to act on a modal dialog that blocks the call, within budget', () => {
    const blocked: ActionResult = { ...sampleAction, blockedBy: { ref: 'w4', title: 'Save As' } };
    const text = actionText(blocked);
    expect(text).toContain('modal "Save As" [w4] opened and waits: act on it');
    expect(encode(text).length).toBeLessThanOrEqual(150);
    expect(actionText(sampleAction)).not.toContain('modal');
  });

  it('says so when nothing changed', () => {
    const quiet = {
      ...sampleAction,
      changes: { opened: [], closed: [], focus: null, changed: [], added: 0, removed: 0 },
    };
    expect(actionText(quiet).split('\n').at(-1)).toBe('no visible change');
  });

  it('marks disabled elements and shows values', () => {
    const line = nodeLine({ ...sampleNode, states: ['checked'], value: 'on' });
    expect(line).toBe('button "Save" [ref=e12] [disabled] [checked] value="on" in w1');
  });

  it('clips long and multi-line text', () => {
    expect(clip('a\n\nb', 10)).toBe('a b');
    expect(clip('abcdefghijkl', 5)).toBe('abcd…');
  });

  it('renders windows and every event type on one line', () => {
    const w = {
      ref: 'w2',
      element: 'e5',
      title: 'Settings',
      app: 'settings',
      rect: null,
      minimized: false,
      maximized: true,
      foreground: false,
      modal: false,
    };
    expect(windowLine(w)).toBe('"Settings" [w2] app=settings [maximized]');
    const el = sampleAction.element;
    const events: UiEvent[] = [
      { seq: 1, time: 0, type: 'focus.changed', element: el, previous: null },
      { seq: 2, time: 0, type: 'window.opened', window: w },
      { seq: 3, time: 0, type: 'window.closed', window: 'w2', title: 'Settings' },
      { seq: 4, time: 0, type: 'window.activated', window: 'w1', title: 'Editor' },
      {
        seq: 5,
        time: 0,
        type: 'structure.changed',
        parent: 'e1',
        window: 'w1',
        added: ['e9'],
        removed: [],
      },
      {
        seq: 6,
        time: 0,
        type: 'property.changed',
        element: el,
        changes: { name: { from: 'a', to: 'b' } },
      },
      {
        seq: 7,
        time: 0,
        type: 'text.changed',
        element: el,
        change: { start: 5, removed: 1, inserted: 'hello' },
        length: 40,
      },
      { seq: 8, time: 0, type: 'backend.status', backend: 'sim', status: 'ok' },
    ];
    const lines = events.map(eventLine);
    expect(lines).toEqual([
      '#1 focus.changed button "Save" [ref=e12]',
      '#2 window.opened "Settings" [w2] app=settings [maximized]',
      '#3 window.closed "Settings" [w2]',
      '#4 window.activated "Editor" [w1]',
      '#5 structure.changed under e1 +1 -0',
      '#6 property.changed button "Save" [ref=e12] name',
      '#7 text.changed button "Save" [ref=e12] at 5 -1 +"hello" (40 chars)',
      '#8 backend.status sim ok',
    ]);
  });
});
