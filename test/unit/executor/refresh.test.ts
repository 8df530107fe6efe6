/** Which windows the executor re-fetches after an action (a fake cache: pure selection logic). */
import { describe, expect, it } from 'vitest';
import type { ElementNode, WindowInfo } from '../../../protocol/src/index.js';
import type { UiCache } from '../../../src/cache/index.js';
import { appsOf, MAX_APP_WINDOWS, refreshTargets } from '../../../src/executor/refresh.js';

interface FakeWindow {
  ref: string;
  pid?: number;
  app: string;
  /** Elements inside the window besides its own element. */
  inside?: string[];
}

/** A cache that knows windows and which window each element is in; nothing else. */
function fakeCache(windows: FakeWindow[]): UiCache {
  const nodes = new Map<string, Pick<ElementNode, 'ref' | 'window'>>();
  for (const w of windows) {
    nodes.set(`${w.ref}-el`, { ref: `${w.ref}-el`, window: w.ref });
    for (const ref of w.inside ?? []) nodes.set(ref, { ref, window: w.ref });
  }
  const infos = windows.map(
    (w) => ({ ref: w.ref, element: `${w.ref}-el`, app: w.app, pid: w.pid }) as WindowInfo,
  );
  return {
    node: (ref: string) => nodes.get(ref) as ElementNode | undefined,
    windowsList: () => ({ windows: infos, revision: 1 }),
  } as unknown as UiCache;
}

describe('refresh targets after an action', () => {
  it('takes one element per touched window, and the other windows of the acted app', () => {
    const cache = fakeCache([
      { ref: 'w1', pid: 10, app: 'editor', inside: ['e1', 'e2'] },
      { ref: 'w2', pid: 10, app: 'editor', inside: ['e5'] },
      { ref: 'w3', pid: 20, app: 'settings', inside: ['e9'] },
    ]);
    const apps = appsOf(cache, ['e5', undefined]);
    expect([...apps]).toEqual(['pid:10']);
    const targets = refreshTargets(cache, ['e5', 'e1', 'e2'], apps);
    // e1 and e2 share w1: one re-fetch for it; w3 belongs to another app.
    expect(targets).toEqual(['e5', 'e2']);
  });

  it('adds the owner of a dialog that closed, from the app noted before acting', () => {
    const before = fakeCache([
      { ref: 'w1', pid: 10, app: 'editor' },
      { ref: 'w4', pid: 10, app: 'editor', inside: ['save'] },
    ]);
    const apps = appsOf(before, ['save']);
    const after = fakeCache([{ ref: 'w1', pid: 10, app: 'editor' }]);
    expect(refreshTargets(after, ['save'], apps)).toEqual(['w1-el']);
  });

  it('tells apps apart by process, or by name when the backend gives no pid', () => {
    const cache = fakeCache([
      { ref: 'w1', pid: 10, app: 'editor', inside: ['e1'] },
      { ref: 'w2', pid: 11, app: 'editor' },
      { ref: 'w3', app: 'shell', inside: ['e3'] },
      { ref: 'w4', app: 'shell' },
    ]);
    expect(refreshTargets(cache, ['e1'], appsOf(cache, ['e1']))).toEqual(['e1']);
    expect(refreshTargets(cache, ['e3'], appsOf(cache, ['e3']))).toEqual(['e3', 'w4-el']);
  });

  it('leaves the siblings out when the app owns more windows than the limit', () => {
    const many = Array.from({ length: MAX_APP_WINDOWS + 1 }, (_, i) => ({
      ref: `w${i}`,
      pid: 10,
      app: 'explorer',
      inside: [`e${i}`],
    }));
    const cache = fakeCache(many);
    expect(refreshTargets(cache, ['e0'], appsOf(cache, ['e0']))).toEqual(['e0']);
  });

  it('skips elements the cache no longer knows', () => {
    const cache = fakeCache([{ ref: 'w1', pid: 10, app: 'editor' }]);
    expect(refreshTargets(cache, ['gone', undefined], new Set())).toEqual([]);
  });
});
