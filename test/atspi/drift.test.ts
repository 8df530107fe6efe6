/**
 * The event-fed cache stays equal to the real desktop: after random real actions on the widget
 * factory and gtk3-demo (toggles, text, sliders, tabs, focus, tree rows expanded, collapsed and
 * selected), the cache equals a fresh element-by-element walk.
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
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
    let diffs = compareWithTruth(cache.state, await backend.walk(backend.rootId, { signal }));
    // Coalesced structure re-fetches may still be landing: re-check after each further batch.
    for (let check = 1; diffs.length > 0 && check < SETTLE_CHECKS; check++) {
      const next = await firstValueFrom(cache.patches$.pipe(timeout(PATCH_DEADLINE_MS))).catch(
        () => undefined,
      );
      if (next === undefined) break;
      diffs = compareWithTruth(cache.state, await backend.walk(backend.rootId, { signal }));
    }
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
