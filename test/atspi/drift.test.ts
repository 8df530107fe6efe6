/**
 * The event-fed cache stays equal to the real desktop: after random real actions on the widget
 * factory and gtk3-demo (toggles, text, sliders, tabs, focus, tree rows expanded, collapsed and
 * selected), the cache equals a fresh element-by-element walk.
 */
import { BehaviorSubject, filter, firstValueFrom, timeout } from 'rxjs';
import { afterAll, expect, it } from 'vitest';
import { compareWithTruth } from '../../src/cache/consistency.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { launchAndWait, sharedDesktop, startBackend, stopSharedDesktop } from './harness.js';
import { perform, planActions } from './randomActions.js';

afterAll(stopSharedDesktop);

const ACTIONS = 60;
const PATCH_DEADLINE_MS = 3_000;
const SETTLE_CHECKS = 10;

it('after random real actions the cache equals a fresh full walk', async () => {
  const signal = AbortSignal.timeout(100_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const cache = createCache(backend, loadConfig({}).cache);
  try {
    const factory = await launchAndWait(desktop, backend, 'gtk3-widget-factory', [], signal);
    await cache.start(signal);
    // Launched after the initial sync: the cache must pick this app up from events alone.
    const demo = await launchAndWait(desktop, backend, 'gtk3-demo', [], signal);
    const nodes = [
      ...(await backend.fetchSubtree(factory.window.id, { signal })),
      ...(await backend.fetchSubtree(demo.window.id, { signal })),
    ];
    const plan = planActions(nodes, ACTIONS, 7, true);
    let performed = 0;
    for (const step of plan) if (await perform(backend, step, signal)) performed++;
    expect(performed).toBeGreaterThan(ACTIONS / 2);
    const edit = nodes.find(
      (n) => n.props.controlType === 'Edit' && n.props.states.includes('enabled'),
    );
    if (edit === undefined) throw new Error('no edit for the marker');
    const marked = firstValueFrom(
      cache.patches$.pipe(
        filter((b) => JSON.stringify(b).includes('drift marker')),
        timeout(PATCH_DEADLINE_MS),
      ),
    );
    await backend.performPattern(edit.id, { pattern: 'Value', value: 'drift marker' }, { signal });
    await marked;
    // Patches counted from here on, so one landing while a walk runs is not missed: the cache
    // would then be newer than the walk it is compared with.
    const patches = new BehaviorSubject(0);
    const counting = cache.patches$.subscribe(() => patches.next(patches.value + 1));
    const check = async (): Promise<{ diffs: ReturnType<typeof compareWithTruth>; at: number }> => {
      const at = patches.value;
      const truth = await backend.walk(backend.rootId, { signal });
      return { diffs: compareWithTruth(cache.state, truth), at };
    };
    let { diffs, at } = await check();
    // Coalesced structure re-fetches and settling windows may still be landing: check again
    // after each patch newer than the last walk's start.
    for (let n = 1; diffs.length > 0 && n < SETTLE_CHECKS; n++) {
      const newer = await firstValueFrom(
        patches.pipe(
          filter((count) => count > at),
          timeout(PATCH_DEADLINE_MS),
        ),
      ).catch(() => undefined);
      if (newer === undefined) break;
      ({ diffs, at } = await check());
    }
    counting.unsubscribe();
    const brief = diffs.map((d) => {
      if (d.kind !== 'children') return d;
      const c = d.cached;
      const t = d.truth;
      return {
        id: d.id,
        extra: c.filter((x) => !t.includes(x)),
        missing: t.filter((x) => !c.includes(x)),
        c: c.length,
        t: t.length,
      };
    });
    expect(brief).toEqual([]);
    await demo.app.stop();
    await factory.app.stop();
  } finally {
    await cache.stop();
    await backend.stop();
  }
}, 120_000);
