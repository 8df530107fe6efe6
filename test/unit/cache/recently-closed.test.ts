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

describe('RecentlyClosed', () => {
  it('keeps at most its limit, forgetting the oldest first', () => {
    const recent = new RecentlyClosed();
    for (let i = 0; i <= RECENTLY_CLOSED_LIMIT; i++) recent.note(`w${i}`, 0);
    expect(recent.size).toBe(RECENTLY_CLOSED_LIMIT);
    expect(recent.take(0, (id) => id === 'w0')).toEqual([]);
    expect(recent.take(0, (id) => id === `w${RECENTLY_CLOSED_LIMIT}`)).toEqual([
      `w${RECENTLY_CLOSED_LIMIT}`,
    ]);
  });

  it('forgets closes past the time bound when asked', () => {
    const recent = new RecentlyClosed();
    recent.note('a', 0);
    recent.note('b', RECENTLY_CLOSED_MS);
    expect(recent.take(RECENTLY_CLOSED_MS + 1, () => false)).toEqual([]);
    expect(recent.size).toBe(1);
  });
});
