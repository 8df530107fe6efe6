import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { PatchBatch } from '../../../protocol/src/index.js';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { createCache, type CacheStore } from '../../../src/cache/index.js';
import { PatchMirror } from '../../../protocol/src/mirror.js';
import { loadConfig } from '../../../src/config.js';
import { props, smallDesktop, type FakeBackend } from './fake-backend.js';

const deadline = (): AbortSignal => AbortSignal.timeout(5_000);
let caches: CacheStore[] = [];

async function started(
  b: FakeBackend,
  cache: Partial<ReturnType<typeof loadConfig>['cache']> = {},
): Promise<CacheStore> {
  const c = createCache(b, loadConfig({ cache: { coalesceMs: 5, ...cache } }).cache);
  caches.push(c);
  await c.start(deadline());
  return c;
}

afterEach(async () => {
  await Promise.all(caches.map((c) => c.stop()));
  caches = [];
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('cache store', () => {
  it('syncs the desktop on start and serves it from memory', async () => {
    const b = smallDesktop();
    const c = await started(b);
    expect(c.stats()).toMatchObject({ elements: 14, windows: 2, revision: 1, fetches: 0 });
    expect(compareWithTruth(c.state, b.walk('root'))).toEqual([]);
    expect(c.status).toBe('ok');
  });

  it('updates the state before emitting, so subscribers read the new state', async () => {
    const b = smallDesktop();
    const c = await started(b);
    const seen: string[] = [];
    c.patches$.subscribe(() => {
      const ref = c.state.byId.get('btn7')?.ref ?? '';
      seen.push(c.get({ ref }).element.name ?? '');
    });
    b.emit({ type: 'property', id: 'btn7', props: { name: 'seven' } });
    expect(seen).toEqual(['seven']);
  });

  it('coalesces a burst of structure events for one window into one fetch', async () => {
    const b = smallDesktop();
    const c = await started(b, { coalesceMs: 20 });
    for (let i = 0; i < 10; i++) {
      b.add('w2', `n${i}`, props('Button', `n${i}`));
      b.emit({ type: 'structure', change: 'childAdded', id: 'w2', childId: `n${i}` });
    }
    await c.whenIdle(deadline());
    expect(b.calls).toEqual([
      { id: 'root', maxDepth: undefined },
      { id: 'w2', maxDepth: undefined },
    ]);
    expect(compareWithTruth(c.state, b.walk('root'))).toEqual([]);
  });

  it('bounds fetch concurrency', async () => {
    const b = smallDesktop();
    for (let w = 3; w < 9; w++)
      b.add('root', `w${w}`, props('Window', `Win ${w}`, { app: 'x', pid: w }));
    const c = await started(b, { fetchConcurrency: 2, coalesceMs: 0 });
    const gate = deferred();
    b.hold = gate.promise;
    const two = firstValueFrom(b.fetchStarted.pipe(filter(() => b.inFlight === 2)));
    b.emit(
      ...[3, 4, 5, 6, 7, 8].map(
        (w) => ({ type: 'structure', change: 'invalidated', id: `w${w}` }) as const,
      ),
    );
    await two;
    gate.resolve();
    await c.whenIdle(deadline());
    expect(b.maxInFlight).toBe(2);
    expect(
      b.calls
        .slice(1)
        .map((x) => x.id)
        .sort(),
    ).toEqual(['w3', 'w4', 'w5', 'w6', 'w7', 'w8']);
  });

  it('never fetches overlapping subtrees at once', async () => {
    const b = smallDesktop();
    const c = await started(b, { coalesceMs: 0 });
    const gate = deferred();
    b.hold = gate.promise;
    const first = firstValueFrom(b.fetchStarted);
    b.emit({ type: 'structure', change: 'invalidated', id: 'w1' });
    await first;
    b.hold = null;
    const other = firstValueFrom(b.fetchStarted);
    b.emit(
      { type: 'structure', change: 'childAdded', id: 'p1' },
      { type: 'structure', change: 'invalidated', id: 'w2' },
    );
    await other;
    expect(b.calls.slice(1)).toEqual([
      { id: 'w1', maxDepth: undefined },
      { id: 'w2', maxDepth: undefined },
    ]);
    gate.resolve();
    await c.whenIdle(deadline());
    expect(b.calls.slice(3)).toEqual([{ id: 'p1', maxDepth: undefined }]);
  });

  it('repairs a detail-less structure event without a desktop-wide walk', async () => {
    const b = smallDesktop();
    const c = await started(b);
    b.emit({ type: 'window.activated', id: 'w1' });
    b.add('p1', 'ed2', props('Edit', 'Second'));
    b.add('root', 'w3', props('Window', 'New one', { app: 'notepad', pid: 100 }));
    b.add('w3', 'ok', props('Button', 'OK'));
    b.emit({ type: 'structure', change: 'childAdded' });
    await c.whenIdle(deadline());
    expect(compareWithTruth(c.state, b.walk('root'))).toEqual([]);
    const later = b.calls.slice(1);
    expect(later).toContainEqual({ id: 'root', maxDepth: 1 });
    expect(later.some((x) => x.id === 'root' && x.maxDepth === undefined)).toBe(false);
    expect(later.some((x) => x.id === 'w2')).toBe(false);
  });

  it('keeps a client mirror exact through changes, and answers element_stale for gone refs', async () => {
    const b = smallDesktop();
    const c = await started(b);
    const mirror = new PatchMirror('e1', c.subtree('e1').nodes);
    c.patches$.subscribe((batch: PatchBatch) => mirror.apply(batch.patches));
    const editRef = c.state.byId.get('ed1')?.ref ?? '';
    b.remove('w2');
    b.emit({ type: 'window.closed', id: 'w2' });
    b.move('ed1', 'w1', 0);
    b.set('ed1', { value: 'bye' });
    b.emit(
      { type: 'structure', change: 'childAdded', id: 'w1' },
      { type: 'text', id: 'ed1', value: 'bye' },
    );
    await c.whenIdle(deadline());
    expect(mirror.list()).toEqual(c.subtree('e1').nodes);
    expect(c.get({ ref: editRef }).element.value).toBe('bye');
    expect(() => c.get({ ref: 'e12' })).toThrowError(
      expect.objectContaining({ code: 'element_stale' }) as Error,
    );
  });

  it('resyncs fully on reset and reports the status', async () => {
    const b = smallDesktop();
    const c = await started(b);
    const statuses: string[] = [];
    c.events.events$.subscribe((e) => {
      if (e.type === 'backend.status') statuses.push(e.status);
    });
    b.remove('w1');
    b.add('root', 'w9', props('Window', 'After reset'));
    b.emit({ type: 'reset', reason: 'reconnected' });
    expect(c.status).toBe('resyncing');
    await c.whenIdle(deadline());
    expect(compareWithTruth(c.state, b.walk('root'))).toEqual([]);
    expect(c.status).toBe('ok');
    expect(statuses).toEqual(['resyncing']);
  });

  it('refresh(ref) re-fetches the window and repairs a lost property event', async () => {
    const b = smallDesktop();
    const c = await started(b);
    b.set('btn7', { name: 'changed silently' });
    await c.refresh(c.state.byId.get('btn8')?.ref ?? '', deadline());
    expect(c.state.byId.get('btn7')?.props.name).toBe('changed silently');
  });

  it('refresh(ref) leaves a window whose every change comes as events unread', async () => {
    const b = smallDesktop();
    // w2's changes all arrive as events (an in-app provider's): a re-read finds nothing new.
    b.eventComplete = (id) => id === 'w2';
    const c = await started(b);
    const before = b.calls.length;
    await c.refresh(c.state.byId.get('btn8')?.ref ?? '', deadline());
    expect(b.calls.length).toBe(before);
    await c.refresh(c.state.byId.get('sb1')?.ref ?? '', deadline());
    expect(b.calls.slice(before).map((call) => call.id)).toEqual(['w1']);
  });

  it('the reconcile re-reads the focused window and counts drift', async () => {
    const b = smallDesktop();
    const c = await started(b, { reconcileMs: 10 });
    b.emit({ type: 'focus', id: 'ed1' });
    b.set('ed1', { value: 'drifted' });
    const repaired = firstValueFrom(c.patches$.pipe(filter(() => c.stats().drift > 0)));
    await repaired;
    expect(c.stats().drift).toBe(1);
    expect(c.state.byId.get('ed1')?.props.value).toBe('drifted');
  });

  it('a reconcile pass repairs what no event told, counts it, and finds nothing after', async () => {
    const b = smallDesktop();
    const c = await started(b, { reconcileMs: 0 });
    b.emit({ type: 'focus', id: 'ed1' });
    b.set('ed1', { value: 'drifted' });
    b.set('btn7', { name: 'seven' });
    // The window in use and the next other visible window: both of this desktop's.
    expect(await c.checkDrift()).toBe(2);
    expect(await c.checkDrift()).toBe(0);
    expect(c.stats().reconcile).toMatchObject({ ticks: 2, drifted: 2, repaired: 2 });
    expect(c.state.byId.get('btn7')?.props.name).toBe('seven');
  });

  it('a fresh read re-reads its window first and says how old its data is', async () => {
    const b = smallDesktop();
    const c = await started(b, { reconcileMs: 0 });
    const calc = c.state.byId.get('w2')?.window as string;
    b.set('btn7', { name: 'seven' });
    await c.confirm({ windows: [calc] }, deadline());
    expect(c.state.byId.get('btn7')?.props.name).toBe('seven');
    expect(c.freshness({ windows: [calc] })).toBeLessThanOrEqual(c.freshness({ windows: null }));
  });

  it('flags the cache down when the event stream fails, and keeps serving reads', async () => {
    const b = smallDesktop();
    const c = await started(b);
    b.subject.error(new Error('bus gone'));
    expect(c.status).toBe('down');
    expect(c.events.read({ after: 0, limit: 10 }).events.at(-1)).toMatchObject({
      type: 'backend.status',
      status: 'down',
      reason: 'bus gone',
    });
    expect(
      c.find({ name: 'save', nameMatch: 'contains', caseSensitive: false, maxResults: 5 }).elements,
    ).toHaveLength(1);
  });

  it('retries a failed fetch once and survives stale fetches', async () => {
    const b = smallDesktop();
    const c = await started(b, { fetchTimeoutMs: 100 });
    b.hold = new Promise(() => undefined);
    b.emit({ type: 'structure', change: 'invalidated', id: 'w2' });
    await c.whenIdle(deadline());
    expect(c.details().failures).toBe(2);
    expect(b.calls.filter((x) => x.id === 'w2')).toHaveLength(2);
    b.hold = null;
    b.remove('w2');
    b.emit({ type: 'structure', change: 'invalidated', id: 'btn7' });
    await c.whenIdle(deadline());
    expect(c.state.byId.has('w2')).toBe(false);
    expect(compareWithTruth(c.state, b.walk('root'))).toEqual([]);
  });
});
