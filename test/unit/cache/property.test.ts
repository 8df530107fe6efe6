/**
 * Property tests on the simulated desktop: random action and event sequences with quirks on,
 * then, once the backend is quiet and the cache idle, the cache must equal the ground truth
 * and a patch-fed mirror must equal the cache.
 *
 * Two regimes, because they need different recovery:
 * - duplicated, late and detail-less events (nothing lost): the event path alone must converge;
 * - dropped events too: a lost property event is invisible, so the test does what the executor
 *   does after each action (`refresh` of the touched window and of the window that held focus)
 *   and, at the end, the idle drift check (top-level relist + focused window).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccessibilityBackend, BackendId } from '../../../src/backends/backend.js';
import { createSimBackend, type SimBackend } from '../../../src/backends/sim/index.js';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { createCache, type CacheStore } from '../../../src/cache/index.js';
import { PatchMirror } from '../../../protocol/src/mirror.js';
import { loadConfig } from '../../../src/config.js';
import { isUiError } from '../../../src/errors.js';
import { appsOf, refreshTargets } from '../../../src/executor/refresh.js';
import { type Command, command, run, touchedBy } from './simCommands.js';

/** What the executor notes before acting: the focus holder and the apps of both. */
function beforeAction(cache: CacheStore, touched: BackendId | null): Before {
  const refs: (string | undefined)[] = [cache.state.focused?.ref, cache.state.foreground?.ref];
  const touchedRef = touched === null ? undefined : cache.state.byId.get(touched)?.ref;
  return { refs, apps: appsOf(cache, [touchedRef, ...refs]) };
}

interface Before {
  refs: (string | undefined)[];
  apps: Set<string>;
}

/**
 * What the executor re-fetches after an action (its own target selection: the touched
 * element's window, the focus holder's before, and the windows of their apps), plus the
 * window that holds focus now, as a later action would.
 */
async function refreshAfterAction(
  cache: CacheStore,
  touched: BackendId | null,
  before: Before,
): Promise<void> {
  const signal = AbortSignal.timeout(5_000);
  const node = touched === null ? undefined : cache.state.byId.get(touched);
  const now = [cache.state.focused?.ref, cache.state.foreground?.ref];
  const refs = refreshTargets(cache, [node?.ref ?? 'e1', ...before.refs, ...now], before.apps);
  for (const ref of refs) if (cache.state.byRef.has(ref)) await cache.refresh(ref, signal);
}

async function settle(sim: SimBackend, cache: CacheStore, driftCheck: boolean): Promise<void> {
  const signal = AbortSignal.timeout(5_000);
  for (let round = 0; round < 3; round++) {
    await sim.control.quiet();
    await cache.whenIdle(signal);
    if (driftCheck) await cache.checkDrift();
    await cache.whenIdle(signal);
  }
}

/** Drift the final checks repaired, summed over a property's runs (to show they are exercised). */
let repairedDrift = 0;

async function sequence(
  seed: number,
  cmds: Command[],
  quirks: Record<string, number>,
  lossy: boolean,
): Promise<void> {
  const sim = createSimBackend({
    seed,
    scene: {
      apps: [
        { kind: 'editor', at: { x: 40, y: 40 } },
        { kind: 'settings', at: { x: 880, y: 40 } },
        { kind: 'installer', at: { x: 1420, y: 40 }, progressStepMs: 60_000 },
        { kind: 'grid', at: { x: 880, y: 480 }, rows: 200, visibleRows: 10 },
      ],
      quirks,
    },
  });
  const backend: AccessibilityBackend = sim;
  await backend.start(AbortSignal.timeout(5_000));
  const cache = createCache(backend, loadConfig({ cache: { coalesceMs: 0 } }).cache);
  try {
    await cache.start(AbortSignal.timeout(5_000));
    const mirror = new PatchMirror('e1', cache.subtree('e1').nodes);
    cache.patches$.subscribe((batch) => mirror.apply(batch.patches));
    for (const cmd of cmds) {
      const touched = touchedBy(sim, cmd);
      const before = beforeAction(cache, touched);
      try {
        await run(sim, cmd);
      } catch (err) {
        if (!isUiError(err)) throw err;
      }
      if (lossy) {
        await sim.control.quiet();
        await refreshAfterAction(cache, touched, before);
      }
    }
    await settle(sim, cache, lossy);
    repairedDrift += cache.stats().drift;
    expect(compareWithTruth(cache.state, sim.groundTruth())).toEqual([]);
    expect(mirror.list()).toEqual(cache.subtree('e1').nodes);
  } finally {
    await cache.stop();
    await backend.stop();
  }
}

/** Bounded in time: a failure (with its shrunk counterexample so far) is reported before the
 * test's own timeout, never swallowed by it. */
const PROPERTY_OPTIONS = {
  numRuns: Number(process.env['CACHE_PROPERTY_RUNS'] ?? 1000),
  interruptAfterTimeLimit: 100_000,
  markInterruptAsFailure: true,
  // Replays a reported failure: CACHE_PROPERTY_SEED and CACHE_PROPERTY_PATH from its report.
  ...(process.env['CACHE_PROPERTY_SEED'] === undefined
    ? {}
    : {
        seed: Number(process.env['CACHE_PROPERTY_SEED']),
        path: process.env['CACHE_PROPERTY_PATH'],
      }),
};

const rate = fc.double({ min: 0, max: 0.5, noNaN: true });

describe('cache vs simulated desktop (property)', () => {
  it('converges from events alone when events are duplicated, late or detail-less', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.array(command, { minLength: 1, maxLength: 12 }),
        rate,
        rate,
        rate,
        async (seed, cmds, dup, late, detailless) => {
          await sequence(
            seed,
            cmds,
            { duplicateRate: dup, lateRate: late, detaillessRate: detailless },
            false,
          );
        },
      ),
      PROPERTY_OPTIONS,
    );
  }, 120_000);

  it('converges with dropped events through refresh-after-action and the drift check', async () => {
    repairedDrift = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.array(command, { minLength: 1, maxLength: 12 }),
        rate,
        rate,
        rate,
        async (seed, cmds, drop, dup, detailless) => {
          const lossy = cmds.filter((c) => c.kind !== 'progress');
          await sequence(
            seed,
            lossy,
            { dropRate: drop, duplicateRate: dup, lateRate: 0.2, detaillessRate: detailless },
            true,
          );
        },
      ),
      PROPERTY_OPTIONS,
    );
    // Lost events left drift that events alone could not repair; the re-fetches did.
    expect(repairedDrift).toBeGreaterThan(0);
  }, 120_000);
});
