import { describe, expect, it } from 'vitest';
import { reduce } from '../../../src/cache/reducer.js';
import {
  RECENTLY_CLOSED_LIMIT,
  RECENTLY_CLOSED_MS,
  RecentlyClosed,
} from '../../../src/cache/recently-closed.js';
import { summarizeChanges } from '../../../src/executor/changes.js';
import type { Patch } from '../../../protocol/src/index.js';
import { props, smallDesktop } from './fake-backend.js';
import { synced } from './synced-state.js';

/** A desktop whose listing, read while the Flash dialog was up, is applied after X unmapped it. */
function listedThenLost() {
  const b = smallDesktop();
  const s = synced(b);
  b.add('root', 'dlg', props('Window', 'Flash', { app: 'notepad', pid: 100 }));
  b.add('dlg', 'msg', props('Text', 'Closing by itself'));
  const listing = b.walk('root', 1);
  b.remove('dlg');
  return { b, ...s, listing };
}

const unmapped = { type: 'window.closed', id: 'dlg', unmapped: true } as const;

describe('reducer: a window listed, then unmapped before the listing was applied', () => {
  it('is told opened (partial) and closed by the listing that brings it', () => {
    const { state, step, listing } = listedThenLost();
    const patches: Patch[] = [];
    patches.push(...step({ kind: 'events', events: [unmapped] }).patches);
    const r = step({ kind: 'fetched', nodes: listing, depth: 1 });
    patches.push(...r.patches);
    const told = r.patches.filter((p) => p.op.startsWith('window.'));
    expect(told.map((p) => p.op)).toEqual(['window.opened', 'window.closed']);
    expect(told[0]).toMatchObject({ window: { title: 'Flash' }, partial: true });
    expect(state.byId.has('dlg')).toBe(false);
    expect(r.fetch.filter((f) => f.id === 'dlg')).toEqual([]);
    const changes = summarizeChanges(patches, { node: () => undefined });
    expect(changes.opened.map((w) => w.title)).toEqual(['Flash']);
    expect(changes.closed.map((w) => w.title)).toEqual(['Flash']);
  });

  it('is told once: a second listing that still holds it adds it as a new window', () => {
    const { step, listing } = listedThenLost();
    step({ kind: 'events', events: [unmapped] });
    step({ kind: 'fetched', nodes: listing, depth: 1 });
    const again = step({ kind: 'fetched', nodes: listing, depth: 1 });
    expect(again.patches.filter((p) => p.op === 'window.closed')).toEqual([]);
  });

  it('is forgotten past its time bound: the listing then adds the window as usual', () => {
    const { state, listing } = listedThenLost();
    reduce(state, { kind: 'events', events: [unmapped] }, 1_000);
    const late = reduce(
      state,
      { kind: 'fetched', nodes: listing, depth: 1 },
      1_001 + RECENTLY_CLOSED_MS,
    );
    expect(late.patches.filter((p) => p.op === 'window.closed')).toEqual([]);
    expect(state.byId.has('dlg')).toBe(true);
  });

  it('remembers only window-system unmaps of windows it does not hold', () => {
    const { state, step, listing } = listedThenLost();
    step({ kind: 'events', events: [{ type: 'window.closed', id: 'dlg' }] });
    step({ kind: 'events', events: [{ type: 'window.closed', id: 'w2', unmapped: true }] });
    expect(state.recentlyClosed.size).toBe(0);
    const r = step({ kind: 'fetched', nodes: listing, depth: 1 });
    expect(r.patches.filter((p) => p.op === 'window.closed')).toEqual([]);
    expect(state.byId.has('dlg')).toBe(true);
  });
});

describe('reducer: an unmap after the close was told', () => {
  /** Details, announced, dropped by its app's listing, then unmapped by X; shown again later. */
  function closedThenUnmapped() {
    const { b, state, step } = listedThenLost();
    const again = () =>
      b.add('root', 'dlg', props('Window', 'Flash', { app: 'notepad', pid: 100 }));
    again();
    b.add('dlg', 'msg', props('Text', 'Shown again'));
    step({ kind: 'fetched', nodes: b.walk('root', 1), depth: 1 });
    step({ kind: 'fetched', nodes: b.walk('dlg'), depth: undefined });
    expect(state.opening.size).toBe(0);
    b.remove('dlg');
    const closed = step({ kind: 'fetched', nodes: b.walk('root', 1), depth: 1 });
    expect(closed.patches.filter((p) => p.op === 'window.closed')).toHaveLength(1);
    step({ kind: 'events', events: [unmapped] });
    return { b, state, step, again };
  }

  it('is not remembered: the window shown again under the same id stays listed', () => {
    const { b, state, step, again } = closedThenUnmapped();
    expect(state.recentlyClosed.size).toBe(0);
    again();
    b.add('dlg', 'msg2', props('Text', 'Shown once more'));
    const r = step({ kind: 'fetched', nodes: b.walk('root', 1), depth: 1 });
    expect(r.patches.filter((p) => p.op === 'window.closed')).toEqual([]);
    expect(state.byId.has('dlg')).toBe(true);
  });

  it('is remembered again past its time bound', () => {
    const { state } = closedThenUnmapped();
    reduce(state, { kind: 'events', events: [unmapped] }, 1 + RECENTLY_CLOSED_MS);
    expect(state.recentlyClosed.size).toBe(1);
  });
});

describe('reducer: a window held unannounced, dropped by a listing, then unmapped', () => {
  it('is told opened (partial) and closed by the unmap', () => {
    const { b, state, step, listing } = listedThenLost();
    const added = step({ kind: 'fetched', nodes: listing, depth: 1 });
    const ref = state.byId.get('dlg')?.window;
    const dropped = step({ kind: 'fetched', nodes: b.walk('root', 1), depth: 1 });
    const patches = [...added.patches, ...dropped.patches];
    expect(patches.filter((p) => p.op.startsWith('window.'))).toEqual([]);
    const r = step({ kind: 'events', events: [unmapped] });
    expect(r.patches[0]).toMatchObject({ op: 'window.opened', window: { ref, title: 'Flash' } });
    expect(r.patches).toEqual([
      { op: 'window.opened', window: (r.patches[0] as { window: unknown }).window, partial: true },
      { op: 'window.closed', window: ref, title: 'Flash' },
    ]);
    const changes = summarizeChanges([...patches, ...r.patches], { node: () => undefined });
    expect(changes.opened.map((w) => w.title)).toEqual(['Flash']);
    expect(changes.closed.map((w) => w.title)).toEqual(['Flash']);
    expect(step({ kind: 'events', events: [unmapped] }).patches).toEqual([]);
  });

  it('stays silent when the window was never unmapped, or long after', () => {
    const { b, state, listing } = listedThenLost();
    reduce(state, { kind: 'fetched', nodes: listing, depth: 1 }, 0);
    reduce(state, { kind: 'fetched', nodes: b.walk('root', 1), depth: 1 }, 0);
    const late = reduce(state, { kind: 'events', events: [unmapped] }, 1 + RECENTLY_CLOSED_MS);
    expect(late.patches).toEqual([]);
  });
});

describe('RecentlyClosed', () => {
  it('keeps at most its limit, forgetting the oldest first', () => {
    const recent = new RecentlyClosed();
    for (let i = 0; i <= RECENTLY_CLOSED_LIMIT; i++) recent.noteUnmapped(`w${i}`);
    expect(recent.size).toBe(RECENTLY_CLOSED_LIMIT);
    expect(recent.takeUnmapped((id) => id === 'w0')).toEqual([]);
    const newest = `w${RECENTLY_CLOSED_LIMIT}`;
    expect(recent.takeUnmapped((id) => id === newest)).toEqual([newest]);
  });

  it('forgets entries past the time bound when asked', () => {
    const recent = new RecentlyClosed();
    recent.noteUnmapped('a');
    recent.now = RECENTLY_CLOSED_MS;
    recent.noteUnmapped('b');
    recent.now = RECENTLY_CLOSED_MS + 1;
    expect(recent.takeUnmapped(() => false)).toEqual([]);
    expect(recent.size).toBe(1);
  });
});
