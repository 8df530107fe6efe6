import { describe, expect, it } from 'vitest';
import { PatchHistory } from '../../../src/cache/history.js';
import { reduce, type CacheInput } from '../../../src/cache/reducer.js';
import { snapshot } from '../../../src/cache/snapshot.js';
import { TreeState } from '../../../src/cache/tree.js';
import type { UiError } from '../../../src/errors.js';
import { props, smallDesktop, type FakeBackend } from './fake-backend.js';

function setup(limit = 10_000): {
  b: FakeBackend;
  state: TreeState;
  history: PatchHistory;
  step: (i: CacheInput) => void;
} {
  const b = smallDesktop();
  const state = new TreeState();
  const history = new PatchHistory(limit);
  const step = (input: CacheInput): void => {
    const r = reduce(state, input);
    if (r.patches.length === 0) return;
    state.revision++;
    history.push({ revision: state.revision, patches: r.patches });
  };
  step({ kind: 'fetched', nodes: b.walk('root') });
  return { b, state, history, step };
}

const opts = { mode: 'compact', maxElements: 400 } as const;

describe('snapshot', () => {
  it('renders one line per element, folding noise in compact mode', () => {
    const { state, history } = setup();
    const r = snapshot(state, { ...opts, window: 'notepad' }, (rev) => history.since(rev));
    expect(r.text).toBe(
      [
        '- window "Untitled - Notepad" [ref=e2]',
        '  - titlebar "Untitled - Notepad" [ref=e3]',
        '  - menubar "Application" [ref=e4]',
        '    - menuitem "File" [ref=e5] [collapsed]',
        '    - menuitem "Edit" [ref=e6]',
        '  - edit "Text Editor" [ref=e8]: "hello world"',
        '  - statusbar "Status" [ref=e9]',
        '    - text "Ln 1, Col 1" [ref=e10]',
      ].join('\n'),
    );
    expect(r.lines[5]).toEqual({
      ref: 'e8',
      depth: 1,
      role: 'edit',
      name: 'Text Editor',
      value: 'hello world',
      states: [],
    });
    expect(r).toMatchObject({ total: 8, truncated: false, revision: 1 });
    const full = snapshot(state, { ...opts, mode: 'full', window: 'notepad' }, (rev) =>
      history.since(rev),
    );
    expect(full.total).toBe(9);
    expect(full.text).toContain('  - pane [ref=e7]\n    - edit "Text Editor"');
  });

  it('marks states that matter, e.g. disabled', () => {
    const { state, history } = setup();
    const r = snapshot(state, { ...opts, window: 'calc' }, (rev) => history.since(rev));
    expect(r.text.split('\n').at(-1)).toBe('  - button "Save" [ref=e14] [disabled]');
  });

  it('is deterministic', () => {
    const a = setup();
    const b = setup();
    expect(snapshot(a.state, opts, (r) => a.history.since(r)).text).toBe(
      snapshot(b.state, opts, (r) => b.history.since(r)).text,
    );
  });

  it('pages with a truncation marker and a cursor, within element and token budgets', () => {
    const { state, history } = setup();
    const since = (rev: number): ReturnType<PatchHistory['since']> => history.since(rev);
    const all = snapshot(state, { ...opts, mode: 'full' }, since).lines.map((l) => l.ref);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = snapshot(
        state,
        { ...opts, mode: 'full', maxElements: 4, ...(cursor === undefined ? {} : { cursor }) },
        since,
      );
      expect(page.lines.length).toBeLessThanOrEqual(4);
      if (page.truncated)
        expect(page.text.split('\n').at(-1)).toMatch(/^- … truncated: \d+ more elements/);
      seen.push(...page.lines.map((l) => l.ref));
      cursor = page.cursor;
      pages++;
    } while (cursor !== undefined);
    expect(seen).toEqual(all);
    expect(pages).toBe(4);
    const tokens = snapshot(state, { ...opts, mode: 'full', maxTokens: 50 }, since);
    expect(tokens.truncated).toBe(true);
    expect(Math.ceil(tokens.text.length / 4)).toBeLessThanOrEqual(50 + 20);
  });

  it('answers cursor_expired when the cursor element is gone, and invalid_params for junk', () => {
    const { b, state, history, step } = setup();
    const since = (rev: number): ReturnType<PatchHistory['since']> => history.since(rev);
    const page = snapshot(state, { ...opts, window: 'calc', maxElements: 2 }, since);
    expect(page.cursor).toBeDefined();
    b.remove('btn8');
    step({ kind: 'fetched', nodes: b.walk('w2') });
    const err = (cursor: string): string => {
      try {
        snapshot(state, { ...opts, window: 'calc', cursor }, since);
      } catch (e) {
        return (e as UiError).code;
      }
      return 'none';
    };
    expect(err(page.cursor ?? '')).toBe('cursor_expired');
    expect(err('junk')).toBe('invalid_params');
  });

  it('returns only what changed since a revision, with removed refs', () => {
    const { b, state, history, step } = setup();
    const rev = state.revision;
    b.set('btn7', { name: 'Seven' });
    b.remove('btn8');
    b.add('w2', 'btn9', props('Button', '9'));
    step({ kind: 'fetched', nodes: b.walk('w2') });
    const r = snapshot(state, { ...opts, since: rev }, (x) => history.since(x));
    expect(r.lines.map((l) => l.name)).toEqual(['Seven', '9']);
    expect(r.removed).toEqual(['e13']);
    expect(r.since).toBe(rev);
    expect(
      snapshot(state, { ...opts, since: state.revision }, (x) => history.since(x)).lines,
    ).toEqual([]);
  });

  it('answers cursor_expired when the revision is older than the history kept', () => {
    const { b, state, history, step } = setup(3);
    for (let i = 0; i < 5; i++) {
      b.set('btn7', { name: `n${i}` });
      step({
        kind: 'events',
        events: [{ type: 'property', id: 'btn7', props: { name: `n${i}` } }],
      });
    }
    expect(() => snapshot(state, { ...opts, since: 1 }, (x) => history.since(x))).toThrowError(
      expect.objectContaining({ code: 'cursor_expired' }) as Error,
    );
    expect(
      snapshot(state, { ...opts, since: state.revision - 2 }, (x) => history.since(x)).lines,
    ).toHaveLength(1);
  });
});

describe('what a compact snapshot keeps', () => {
  it('keeps an element with no name but a value or text, interactive or focused', () => {
    const b = smallDesktop();
    b.add('w2', 'display', props('Text', '', { value: '42' }));
    b.add('w2', 'field', props('Custom', '', { value: 'only a value' }));
    b.add('w2', 'wrap', props('Pane', '', { patterns: ['Invoke'] }));
    b.add('wrap', 'inner', props('Image', 'icon'));
    b.add('w2', 'blank', props('Text', ''));
    const state = new TreeState();
    reduce(state, { kind: 'fetched', nodes: b.walk('root') });
    const r = snapshot(state, { ...opts, window: 'calc' }, () => []);
    expect(r.text).toContain('  - text [ref=');
    expect(r.text).toMatch(/- text \[ref=e\d+\]: "42"/);
    expect(r.text).toMatch(/- custom \[ref=e\d+\]: "only a value"/);
    expect(r.text).toMatch(/- pane \[ref=e\d+\]\n {4}- image "icon"/);
    // A blank text with nothing to say is still noise.
    expect(r.lines.map((l) => l.ref)).not.toContain(state.byId.get('blank')?.ref);
  });
});
