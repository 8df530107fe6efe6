import { describe, expect, it } from 'vitest';
import type { Patch } from '../../../protocol/src/index.js';
import { PatchMirror } from '../../../protocol/src/mirror.js';
import { subtree } from '../../../src/cache/queries/tree.js';
import { reduce, type CacheInput } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { props, smallDesktop, type FakeBackend } from './fake-backend.js';

type Opened = Extract<Patch, { op: 'window.opened' }>;

function synced(b: FakeBackend): { state: TreeState; step: (i: CacheInput) => Patch[] } {
  const state = new TreeState();
  reduce(state, { kind: 'fetched', nodes: b.walk('root') });
  const mirror = new PatchMirror('e1', subtree(state, 'e1').nodes);
  const step = (input: CacheInput): Patch[] => {
    const r = reduce(state, input);
    mirror.apply(r.patches);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
    return r.patches;
  };
  return { state, step };
}

const opened = (patches: Patch[]): Opened[] =>
  patches.filter((p): p is Opened => p.op === 'window.opened');

function withDialog(): FakeBackend {
  const b = smallDesktop();
  b.add('root', 'dlg', props('Window', 'Save changes?', { app: 'notepad', pid: 100 }));
  b.add('dlg', 'ok', props('Button', 'OK'));
  return b;
}

describe('cache: a new window is announced once its contents are cached', () => {
  it('holds window.opened from the shallow re-list until the window fetch brings its children', () => {
    const b = withDialog();
    const { state, step } = synced(smallDesktop());
    expect(opened(step({ kind: 'fetched', nodes: b.walk('root', 1) }))).toEqual([]);
    const win = state.byId.get('dlg')!;
    expect(state.opening.has(win)).toBe(true);
    const patches = step({ kind: 'fetched', nodes: b.walk('dlg') });
    expect(opened(patches).map((p) => p.window.title)).toEqual(['Save changes?']);
    expect(opened(patches)[0]!.partial).toBeUndefined();
    // Announced after the add of its contents: a consumer of the patch finds the button.
    expect(patches.findIndex((p) => p.op === 'add')).toBeLessThan(
      patches.findIndex((p) => p.op === 'window.opened'),
    );
    expect(state.byId.get('ok')?.window).toBe(win.window);
    expect(state.opening.size).toBe(0);
  });

  it('announces a window that has no children at once', () => {
    const b = smallDesktop();
    b.add('root', 'empty', props('Window', 'Splash', { app: 'notepad', pid: 100 }));
    const { step } = synced(smallDesktop());
    const patches = step({ kind: 'fetched', nodes: b.walk('root', 1) });
    expect(opened(patches).map((p) => p.window.title)).toEqual(['Splash']);
  });

  it('announces a window whose contents never came at the deadline, flagged partial, and only once', () => {
    const b = withDialog();
    const { state, step } = synced(smallDesktop());
    step({ kind: 'fetched', nodes: b.walk('root', 1) });
    const ref = state.byId.get('dlg')!.window!;
    const late = opened(step({ kind: 'openingExpired', window: ref }));
    expect(late).toHaveLength(1);
    expect(late[0]!.partial).toBe(true);
    expect(opened(step({ kind: 'fetched', nodes: b.walk('dlg') }))).toEqual([]);
    expect(opened(step({ kind: 'openingExpired', window: ref }))).toEqual([]);
  });

  it('never announces a window that closed before its contents were fetched', () => {
    const b = withDialog();
    const { state, step } = synced(smallDesktop());
    step({ kind: 'fetched', nodes: b.walk('root', 1) });
    const ref = state.byId.get('dlg')!.window!;
    b.remove('dlg');
    const patches = step({ kind: 'fetched', nodes: b.walk('root', 1) });
    expect(patches.some((p) => p.op === 'window.opened' || p.op === 'window.closed')).toBe(false);
    expect(state.opening.size).toBe(0);
    expect(opened(step({ kind: 'openingExpired', window: ref }))).toEqual([]);
  });
});
