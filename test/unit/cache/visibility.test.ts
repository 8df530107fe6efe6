import { describe, expect, it } from 'vitest';
import { region } from '../../../src/cache/queries/regions.js';
import { reduce } from '../../../src/cache/reducer.js';
import { snapshot } from '../../../src/cache/snapshot.js';
import { TreeState } from '../../../src/cache/tree.js';
import { FakeBackend, props } from './fake-backend.js';

const hiddenState = { states: ['enabled' as const, 'offscreen' as const] };

/** An editor whose View menu holds 40 off-screen items, and a Save As dialog with a popover. */
function editorWithDialog(): TreeState {
  const b = new FakeBackend();
  b.add('root', 'w1', props('Window', 'Editor', { app: 'ed', pid: 7 }));
  b.add('w1', 'bar', props('MenuBar', ''));
  b.add('bar', 'view', props('MenuItem', 'View'));
  for (let i = 0; i < 40; i++) b.add('view', `m${i}`, props('MenuItem', `Mode ${i}`, hiddenState));
  b.add('w1', 'fmt', props('ComboBox', 'Format', { states: ['enabled', 'collapsed'] }));
  b.add('fmt', 'fmt1', props('ListItem', 'Plain'));
  b.add('w1', 'doc', props('Document', 'Text', { value: 'hi' }));
  b.add(
    'root',
    'w2',
    props('Window', 'Save As', { app: 'ed', pid: 7, states: ['enabled', 'modal'] }),
  );
  b.add('w2', 'box', props('Pane', ''));
  b.add('box', 'name', props('Edit', '', { value: 'a.txt', states: ['enabled', 'focused'] }));
  b.add('box', 'label', props('Text', 'Name:'));
  b.add('box', 'deep', props('Pane', ''));
  b.add('deep', 'deeper', props('Pane', ''));
  b.add('deeper', 'files', props('Table', 'Files'));
  for (let i = 0; i < 30; i++) b.add('files', `f${i}`, props('DataItem', `file ${i}`));
  b.add('deeper', 'save', props('Button', 'Save', { patterns: ['Invoke'] }));
  b.add('w2', 'pop', props('Pane', '', { states: ['enabled', 'modal', 'offscreen'] }));
  b.add('pop', 'popEdit', props('Edit', '', hiddenState));
  b.add('pop', 'popBtn', props('Button', 'Create', hiddenState));
  const state = new TreeState();
  reduce(state, { kind: 'fetched', nodes: b.walk('root') });
  return state;
}

const none = (): null => null;
const opts = { mode: 'compact', maxElements: 400 } as const;

describe('hidden subtrees', () => {
  it('leaves collapsed and off-screen subtrees out of a snapshot and counts them', () => {
    const state = editorWithDialog();
    const r = snapshot(state, { ...opts, window: 'Editor' }, none);
    expect(r.text).not.toContain('Mode 0');
    expect(r.text).not.toContain('Plain');
    expect(r.text).toContain('menuitem "View"');
    expect(r.hidden).toBe(41);
    expect(r.total).toBe(5);
  });

  it('brings them back with includeHidden, marked hidden where they start', () => {
    const state = editorWithDialog();
    const r = snapshot(state, { ...opts, window: 'Editor', includeHidden: true }, none);
    expect(r.hidden).toBeUndefined();
    expect(r.total).toBe(46);
    expect(r.text).toContain('menuitem "Mode 0" [ref=');
    expect(r.lines.find((l) => l.name === 'Mode 0')?.states).toEqual(['hidden']);
  });

  it('hides nothing when the whole window reports off-screen', () => {
    const b = new FakeBackend();
    b.add('root', 'w', props('Window', 'Dark', hiddenState));
    b.add('w', 'btn', props('Button', 'OK', hiddenState));
    const state = new TreeState();
    reduce(state, { kind: 'fetched', nodes: b.walk('root') });
    const r = snapshot(state, { ...opts, window: 'Dark' }, none);
    expect(r.text).toContain('button "OK"');
    expect(r.hidden).toBeUndefined();
  });
});

describe('dialog region', () => {
  it('lists the dialog fields and buttons, however deep, and not its hidden popover', () => {
    const state = editorWithDialog();
    const r = region(state, { region: 'dialog', window: 'Editor' });
    expect(r.found).toBe(true);
    expect(r.text.split('\n')).toEqual([
      expect.stringMatching(/^- window "Save As" \[ref=e\d+\] \[modal\]$/),
      expect.stringMatching(/^ {2}- edit \[ref=e\d+\] \[focused\]: "a.txt"$/),
      expect.stringMatching(/^ {2}- text "Name:" \[ref=e\d+\]$/),
      expect.stringMatching(/^ {2}- table "Files" \[ref=e\d+\] \[30 items\]$/),
      expect.stringMatching(/^ {2}- button "Save" \[ref=e\d+\]$/),
    ]);
  });
});
