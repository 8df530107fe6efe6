/**
 * A reducer state synced from a fake backend's whole tree, with a client mirror of window e1
 * that every step's patches are applied to (reducer tests compare the two).
 */
import { PatchMirror } from '../../../protocol/src/mirror.js';
import { subtree } from '../../../src/cache/queries/tree.js';
import { reduce, type CacheInput } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import type { FakeBackend } from './fake-backend.js';

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
