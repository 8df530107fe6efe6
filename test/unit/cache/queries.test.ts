import { describe, expect, it } from 'vitest';
import { find } from '../../../src/cache/queries/find.js';
import { at, focused, get, text } from '../../../src/cache/queries/elements.js';
import { region } from '../../../src/cache/queries/regions.js';
import { resolveAppInfo, windowForSelector } from '../../../src/cache/queries/resolve.js';
import { resolveWindow, tree, windowsList } from '../../../src/cache/queries/tree.js';
import { reduce } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import type { UiError } from '../../../src/errors.js';
import { props, smallDesktop } from './fake-backend.js';

function desktop(): { state: TreeState; ref: (id: string) => string } {
  const b = smallDesktop();
  b.add(
    'root',
    'w3',
    props('Window', 'Notepad - Find', { app: 'notepad', pid: 100, states: ['enabled', 'modal'] }),
  );
  b.add('w3', 'findEdit', props('Edit', 'Find what', { value: 'needle' }));
  const state = new TreeState();
  reduce(state, { kind: 'fetched', nodes: b.walk('root') });
  reduce(state, {
    kind: 'events',
    events: [
      { type: 'window.activated', id: 'w1' },
      { type: 'focus', id: 'ed1' },
    ],
  });
  return { state, ref: (id) => state.byId.get(id)?.ref ?? '' };
}

const base = { nameMatch: 'contains', caseSensitive: false, maxResults: 50 } as const;

function thrown(fn: () => unknown): UiError {
  try {
    fn();
  } catch (err) {
    return err as UiError;
  }
  throw new Error('expected a throw');
}

describe('find', () => {
  it('matches names case-insensitively by default, in tree order, with the revision', () => {
    const { state } = desktop();
    const r = find(state, { ...base, name: 'NOTEPAD' });
    expect(r.elements.map((e) => e.name)).toEqual([
      'Untitled - Notepad',
      'Untitled - Notepad',
      'Notepad - Find',
    ]);
    expect(r.revision).toBe(state.revision);
    expect(r.hasMore).toBe(false);
    expect(r.scanned).toBe(state.byRef.size);
  });

  it('supports equals, regex, case-sensitive, control type, automation id and value filters', () => {
    const { state } = desktop();
    expect(
      find(state, { ...base, name: '7', nameMatch: 'equals' }).elements.map((e) => e.automationId),
    ).toEqual(['num7']);
    expect(find(state, { ...base, name: '^[78]$', nameMatch: 'regex' }).elements).toHaveLength(2);
    expect(find(state, { ...base, name: 'save', caseSensitive: true }).elements).toHaveLength(0);
    expect(
      find(state, { ...base, controlType: 'Button', name: 'sav' }).elements.map((e) => e.name),
    ).toEqual(['Save']);
    expect(find(state, { ...base, automationId: 'editor' }).elements.map((e) => e.name)).toEqual([
      'Text Editor',
    ]);
    expect(find(state, { ...base, value: 'WORLD' }).elements.map((e) => e.name)).toEqual([
      'Text Editor',
    ]);
  });

  it('scopes by window, within and maxDepth, and reports hasMore', () => {
    const { state, ref } = desktop();
    expect(find(state, { ...base, controlType: 'Button', window: 'calc' }).elements).toHaveLength(
      3,
    );
    expect(
      find(state, { ...base, controlType: 'MenuItem', within: ref('mb1') }).elements,
    ).toHaveLength(2);
    expect(
      find(state, { ...base, controlType: 'Edit', window: 'untitled', maxDepth: 1 }).elements,
    ).toHaveLength(0);
    const limited = find(state, { ...base, controlType: 'Button', maxResults: 2 });
    expect(limited.elements).toHaveLength(2);
    expect(limited.hasMore).toBe(true);
  });

  it('answers a bad regex with invalid_params', () => {
    const { state } = desktop();
    expect(thrown(() => find(state, { ...base, name: '(', nameMatch: 'regex' })).code).toBe(
      'invalid_params',
    );
  });
});

describe('element reads', () => {
  it('gets an element, or only the selected fields', () => {
    const { state, ref } = desktop();
    expect(get(state, { ref: ref('ed1') }).element).toMatchObject({
      name: 'Text Editor',
      value: 'hello world',
      childCount: 0,
    });
    expect(get(state, { ref: ref('ed1'), fields: ['name', 'value'] }).element).toEqual({
      name: 'Text Editor',
      value: 'hello world',
    });
    expect(thrown(() => get(state, { ref: 'e999' })).code).toBe('element_not_found');
  });

  it('reads text of an element or a window, with a char budget', () => {
    const { state, ref } = desktop();
    expect(text(state, { ref: ref('sb1'), includeChildren: true, maxChars: 100 })).toMatchObject({
      text: 'Status\nLn 1, Col 1',
      truncated: false,
    });
    expect(text(state, { ref: ref('sb1'), includeChildren: false, maxChars: 100 }).text).toBe(
      'Status',
    );
    expect(text(state, { window: 'calc', includeChildren: true, maxChars: 12 })).toMatchObject({
      text: 'Calculator\n7',
      truncated: true,
    });
  });

  it('finds the deepest element at a point, foreground window first', () => {
    const { state } = desktop();
    expect(at(state, { x: 50, y: 100 }).element?.name).toBe('Text Editor');
    expect(at(state, { x: 950, y: 300 }).element?.name).toBe('Calculator');
    expect(at(state, { x: 5000, y: 5000 }).element).toBeNull();
  });

  it('hits a modal window before the foreground window it covers', () => {
    const { state } = desktop();
    // w1 (foreground) and the modal w3 both cover (5, 5); the modal dialog lies on top.
    expect(at(state, { x: 5, y: 5 }).element?.name).toBe('Find what');
  });

  it('reports focus desktop-wide and per app', () => {
    const { state } = desktop();
    expect(focused(state, {})).toMatchObject({
      hasFocus: true,
      element: { name: 'Text Editor' },
      window: { title: 'Untitled - Notepad', foreground: true },
    });
    expect(focused(state, { app: 'calc' })).toMatchObject({ hasFocus: false, element: null });
  });
});

describe('windows, apps and regions', () => {
  it('lists windows with their app, pid and flags', () => {
    const { state } = desktop();
    const all = windowsList(state, { includeMinimized: true }).windows;
    expect(all.map((w) => [w.title, w.app, w.pid, w.foreground, w.modal])).toEqual([
      ['Untitled - Notepad', 'notepad', 100, true, false],
      ['Calculator', 'calc', 200, false, false],
      ['Notepad - Find', 'notepad', 100, false, true],
    ]);
    expect(
      windowsList(state, { app: 'calc', includeMinimized: true }).windows.map((w) => w.title),
    ).toEqual(['Calculator']);
  });

  it('resolves windows by ref or title part, with typed errors', () => {
    const { state } = desktop();
    expect(resolveWindow(state, 'w2').title).toBe('Calculator');
    expect(resolveWindow(state, 'find').title).toBe('Notepad - Find');
    const multiple = thrown(() => windowForSelector(state, 'notepad'));
    expect(multiple.code).toBe('multiple_matches');
    expect(multiple.details?.['candidates']).toEqual([
      { ref: 'w1', title: 'Untitled - Notepad' },
      { ref: 'w3', title: 'Notepad - Find' },
    ]);
    expect(thrown(() => windowForSelector(state, 'nothing')).code).toBe('window_not_found');
    expect(thrown(() => windowForSelector(state, 'w77')).code).toBe('window_not_found');
  });

  it('resolves apps by name, pid or part, with typed errors', () => {
    const { state } = desktop();
    expect(resolveAppInfo(state, 'notepad')).toEqual({
      id: '100',
      name: 'notepad',
      pid: 100,
      windows: ['w1', 'w3'],
    });
    expect(resolveAppInfo(state, '200').name).toBe('calc');
    expect(thrown(() => resolveAppInfo(state, 'zzz')).code).toBe('app_not_found');
    const multiple = thrown(() => resolveAppInfo(state, 'a'));
    expect(multiple.code).toBe('multiple_matches');
    expect(multiple.details?.['candidates']).toHaveLength(2);
  });

  it('reads small regions of the foreground window', () => {
    const { state } = desktop();
    const menu = region(state, { region: 'menu' });
    expect(menu.text).toBe(
      '- menubar "Application" [ref=e4]\n  - menuitem "File" [ref=e5] [collapsed]\n  - menuitem "Edit" [ref=e6]',
    );
    expect(region(state, { region: 'status' }).elements.map((e) => e.name)).toEqual([
      'Status',
      'Ln 1, Col 1',
    ]);
    expect(region(state, { region: 'dialog' })).toMatchObject({
      found: true,
      elements: [{ name: 'Notepad - Find' }, { name: 'Find what' }],
    });
    expect(region(state, { region: 'focused' }).text).toContain('[focused]');
    expect(region(state, { region: 'toolbar' })).toMatchObject({
      found: false,
      text: '',
      elements: [],
    });
  });

  it('always includes the subject of a region, even on a short budget', () => {
    const b = smallDesktop();
    for (let i = 0; i < 80; i++)
      b.add('p1', `row${i}`, props('ListItem', `A rather long row ${i}`));
    b.add(
      'p1',
      'target',
      props('Text', '', { value: 'the result', states: ['enabled', 'focusable'] }),
    );
    const state = new TreeState();
    reduce(state, { kind: 'fetched', nodes: b.walk('root') });
    reduce(state, {
      kind: 'events',
      events: [
        { type: 'window.activated', id: 'w1' },
        { type: 'focus', id: 'target' },
      ],
    });
    const focusedRef = state.byId.get('target')?.ref;
    const r = region(state, { region: 'focused' });
    expect(r.elements.map((e) => e.ref)).toContain(focusedRef);
    expect(r.text).toMatch(/\[focused\]: "the result"/);
    // Its neighbours fill the rest of the budget; the region's root comes first.
    expect(r.elements[0]?.ref).toBe(state.byId.get('p1')?.ref);
    expect(r.text).toContain('A rather long row 79');
    expect(r.text).not.toContain('A rather long row 0"');
    expect(r.text).toMatch(/more \(use tree\.snapshot with root=e\d+\)$/);
  });

  it('returns nested trees, filtered by control type', () => {
    const { state } = desktop();
    const t = tree(state, { window: 'calc', depth: 64 }).tree;
    expect(t.children.map((c) => c.name)).toEqual(['7', '8', 'Save']);
    const menus = tree(state, { window: 'untitled', depth: 64, controlTypes: ['MenuItem'] }).tree;
    expect(menus.children.map((c) => c.name)).toEqual(['File', 'Edit']);
    expect(tree(state, { depth: 0 }).tree.children).toEqual([]);
  });
});
