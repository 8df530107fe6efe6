/**
 * A reducer state synced from a fake backend's whole tree, with a client mirror of window e1
 * that every step's patches are applied to (reducer tests compare the two).
 */
import { PatchMirror } from '../../../protocol/src/mirror.js';
import { subtree } from '../../../src/cache/queries/tree.js';
import { reduce, type CacheInput } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { props, smallDesktop, type FakeBackend } from './fake-backend.js';

export interface SyncedState {
  state: TreeState;
  mirror: PatchMirror;
  /** Reduce one input and apply its patches to the mirror. */
  step: (input: CacheInput) => ReturnType<typeof reduce>;
}

export function synced(b: FakeBackend): SyncedState {
  const state = new TreeState();
  reduce(state, { kind: 'fetched', nodes: b.walk('root') });
  const mirror = new PatchMirror('e1', subtree(state, 'e1').nodes);
  const step = (input: CacheInput): ReturnType<typeof reduce> => {
    const r = reduce(state, input);
    mirror.apply(r.patches);
    return r;
  };
  return { state, mirror, step };
}

/**
 * The small desktop, synced, and a new window "Report" (a pane of four text rows) the backend
 * has and the cache does not: `nodes` is its read, for staging and adoption tests. `extra` adds
 * to the backend before that read.
 */
export function desktopWithNewWindow(extra?: (b: FakeBackend) => void) {
  const b = smallDesktop();
  const s = synced(b);
  b.add('root', 'dlg', props('Window', 'Report', { app: 'fx', pid: 300 }));
  b.add('dlg', 'pane', props('Pane', ''));
  for (let i = 0; i < 4; i++) b.add('pane', `row${i}`, props('Text', `row ${i}`));
  extra?.(b);
  return { b, ...s, nodes: b.walk('dlg') };
}
