import { describe, expect, it } from 'vitest';
import { props, smallDesktop } from './fake-backend.js';
import { synced } from './synced-state.js';

const unfocused = ['enabled', 'focusable', 'editable'] as const;

function focusedEditor() {
  const b = smallDesktop();
  const s = synced(b);
  s.step({ kind: 'events', events: [{ type: 'focus', id: 'ed1' }] });
  b.set('ed1', { states: ['enabled', 'focused', 'focusable', 'editable'] });
  return { b, ...s };
}

describe('focus: a states event takes the focused state from the holder', () => {
  it('re-reads the holder, and the read that confirms the loss clears the focus', () => {
    const { b, state, step } = focusedEditor();
    const ref = state.byId.get('ed1')?.ref;
    const r = step({
      kind: 'events',
      events: [{ type: 'property', id: 'ed1', props: { states: [...unfocused] } }],
    });
    expect(r.fetch).toContainEqual(expect.objectContaining({ id: 'ed1', maxDepth: 0 }));
    b.set('ed1', { states: [...unfocused] });
    const read = step({ kind: 'fetched', nodes: b.walk('ed1', 0), depth: 0 });
    expect(read.patches).toContainEqual({ op: 'focus', ref: null, previous: ref });
    expect(state.focused).toBeNull();
  });

  it('keeps the focus when the re-read shows the event was late', () => {
    const { b, state, step } = focusedEditor();
    step({
      kind: 'events',
      events: [{ type: 'property', id: 'ed1', props: { states: [...unfocused] } }],
    });
    step({ kind: 'fetched', nodes: b.walk('ed1', 0), depth: 0 });
    expect(state.focused?.id).toBe('ed1');
    expect(state.focused?.props.states).toContain('focused');
  });

  it('asks nothing for a states event about another element, or one keeping the state', () => {
    const { step } = focusedEditor();
    const other = step({
      kind: 'events',
      events: [{ type: 'property', id: 'btn8', props: { states: ['enabled'] } }],
    });
    expect(other.fetch).toEqual([]);
    const kept = step({
      kind: 'events',
      events: [
        {
          type: 'property',
          id: 'ed1',
          props: { states: ['enabled', 'focused', 'focusable', 'editable'] },
        },
      ],
    });
    expect(kept.fetch).toEqual([]);
  });
});

/** A dialog whose Close button had its focus event before the dialog was cached. */
function dialogWithEarlyFocus(closeStates: string[]) {
  const b = smallDesktop();
  const s = synced(b);
  b.add('root', 'dlg', props('Window', 'Details', { app: 'java', pid: 300 }));
  b.add('dlg', 'close', props('Button', 'Close', { states: closeStates as never }));
  const early = s.step({ kind: 'events', events: [{ type: 'focus', id: 'close' }] });
  expect(s.state.pendingFocusId).toBe('close');
  expect(early.patches).toEqual([]);
  const opened = s.step({
    kind: 'events',
    events: [{ type: 'window.opened', id: 'dlg', nodes: b.walk('dlg') }],
  });
  return { b, opened, ...s };
}

describe('focus: a window adopted whole after its element had the focus event', () => {
  it('re-reads the holder read without the state, and clears the focus the re-read denies', () => {
    const { b, state, opened, step } = dialogWithEarlyFocus(['enabled', 'focusable']);
    expect(state.focused?.id).toBe('close');
    expect(opened.fetch).toContainEqual(expect.objectContaining({ id: 'close', maxDepth: 0 }));
    const read = step({ kind: 'fetched', nodes: b.walk('close', 0), depth: 0 });
    expect(read.patches).toContainEqual(expect.objectContaining({ op: 'focus', ref: null }));
    expect(state.focused).toBeNull();
  });

  it('keeps the focus the re-read confirms', () => {
    const { b, state, step } = dialogWithEarlyFocus(['enabled', 'focusable']);
    b.set('close', { states: ['enabled', 'focused', 'focusable'] });
    step({ kind: 'fetched', nodes: b.walk('close', 0), depth: 0 });
    expect(state.focused?.id).toBe('close');
    expect(state.focused?.props.states).toContain('focused');
  });

  it('asks nothing when the window read shows the holder focused', () => {
    const { state, opened } = dialogWithEarlyFocus(['enabled', 'focused', 'focusable']);
    expect(state.focused?.id).toBe('close');
    expect(opened.fetch.filter((f) => f.id === 'close')).toEqual([]);
  });
});
