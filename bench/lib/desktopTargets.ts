/**
 * The targets of the benches that drive real desktops and apps: AT-SPI reads, window liveness,
 * launch, clipboard, self-repair, the JavaFX provider and the scripted agent task. Part of
 * TARGETS (bench/targets.ts).
 */
import { CACHE_BYTES_PER_ELEMENT, ratio, type TargetSpec } from './targetSpec.js';

/** The Chromium part of the AT-SPI bench, also run on its own (bench/atspi/chromium.ts). */
const chromium = {
  chromiumCompleted: { figure: 'chromium.completed', op: '==', limit: 1 },
  chromiumSyncVsFastestRawRead: ratio('chromium.syncMs', '<=', 1.5, {
    baseline: 'chromium.fastestRawReadMs',
    of: 'the fastest raw read',
  }),
  chromiumRetainedBytesPerElement: {
    figure: 'chromium.retainedBytesPerElement',
    op: '<=',
    limit: 4096,
    unit: ' B',
  },
  chromiumClickAfterScrollVsPlainClick: ratio('chromium.clickAfterScrollP50Ms', '<=', 3, {
    baseline: 'chromium.clickP50Ms',
    of: 'a click with no scroll before it',
  }),
} as const satisfies Record<string, TargetSpec>;

/**
 * The Toggle part of the AT-SPI bench, also run on its own (bench/atspi/toggle.ts). A user asks
 * how much later than the platform's own event the cache knows. The baseline is the least an
 * AT-SPI client does to know it: an independent raw client on its own connection that, on the
 * app's StateChanged signal, re-reads the element's states with one GetState (the signal
 * carries one bit; the backend re-reads the same way). Both are timed from the same Toggle and
 * start from the same signal against the same app, so the app's work, the bus and the
 * machine's stalls are on both sides and only what the cache adds (mapping, batching, the
 * reducer, its queues) moves the ratio. Each block of 500 Toggles gives one ratio of the two
 * p99s; the median of three is judged. Within 1.5x: the cache's share stays under half the
 * bare client's own delay. A CPU workload, the former baseline, is not the same kind of work:
 * the verdict fell on either side of its limit from run to run.
 */
const toggle = {
  togglePatchP99VsRawReadP99: {
    figure: 'togglePatchP99VsRawReadP99',
    op: '<=',
    limit: 1.5,
    unit: 'x a raw client re-reading the states on the app signal (p99, same Toggles)',
  },
  togglePatchesMissing: { figure: 'togglePatchesMissing', op: '==', limit: 0 },
} as const satisfies Record<string, TargetSpec>;

/**
 * Per fixture and window manager, the lag from the X server's map/unmap of a dialog to
 * `windows.list` and to the window's announcement, each against the least an independent AT-SPI
 * client on its own connection takes for the same change, started at the same X instant
 * (scripts/harness/windowRawRead.ts):
 * - a new window listed: until the app lists a window so named VISIBLE;
 * - a new window announced (its contents read): a raw element-by-element walk of it, as the
 *   initial sync is judged against the fastest raw read;
 * - a window gone, listed and announced: until the app lists no window so named VISIBLE (the
 *   reference workload, CPU work of another kind, was the former baseline: its verdict moved
 *   with the machine, not with the cache);
 * and no disagreement with X or the independent focus read, and no app set aside.
 * Each ratio is paired in time (bench/windows/paired.ts): over the ~100 cycles both sides timed,
 * the cache's p90 over the raw client's p90, with the spread of 3 trials of consecutive cycles.
 * The p90 is what a user waits for in 9 changes of 10; the trials' p99 (of ~33 cycles, their
 * largest: one stall on either side decided it, and verdicts flipped between runs of the same
 * tree) is printed beside it, with the absolute p50/p99, for reading.
 */
const RAW = 'an independent AT-SPI client from the same X change';
function windowTargets() {
  const out: Record<string, TargetSpec> = {};
  const paired = (figure: string, of: string): TargetSpec => ({
    figure,
    op: '<=',
    limit: 1.5,
    unit: `x ${of} (p90 over p90 of the same cycles)`,
  });
  for (const toolkit of ['Qt5', 'GTK3', 'GTK4', 'Swing']) {
    for (const wm of ['none', 'openbox']) {
      const key = `${toolkit}_${wm}`;
      const at = (figure: string): string => `results.${key}.${figure}`;
      out[`${key}_listCloseP90VsRawGone`] = paired(
        at('listCloseP90VsRawGone'),
        `${RAW} finding the window no longer listed VISIBLE`,
      );
      out[`${key}_announceCloseP90VsRawGone`] = paired(
        at('announceCloseP90VsRawGone'),
        `${RAW} finding the window no longer listed VISIBLE`,
      );
      out[`${key}_announceOpenP90VsRawRead`] = paired(
        at('announceOpenP90VsRawRead'),
        `${RAW} walking the window element by element`,
      );
      out[`${key}_listOpenP90VsRawList`] = paired(
        at('listOpenP90VsRawList'),
        `${RAW} finding the window listed VISIBLE`,
      );
      out[`${key}_disagreements`] = { figure: at('disagreements'), op: '==', limit: 0 };
      out[`${key}_quarantined`] = { figure: at('quarantined'), op: '==', limit: 0 };
    }
  }
  return out;
}

export const DESKTOP_TARGETS = {
  atspi: {
    syncVsFastestRawRead: ratio('cacheSyncMs', '<=', 1.5, {
      baseline: 'fastestRawReadMs',
      of: 'the fastest raw read',
    }),
    freshWalkVsCachedSubtree: ratio('freshWindowWalkMs', '>=', 1000, {
      baseline: 'cachedWindowSubtreeMs',
      of: 'a cached subtree read',
    }),
    freshWalkVsCachedGet: ratio('freshWindowWalkMs', '>=', 1000, {
      baseline: 'cachedElementGetMs',
      of: 'a cached get',
    }),
    ...toggle,
    driftDifferences: { figure: 'driftDifferences', op: '==', limit: 0 },
    ...chromium,
  },
  atspiChromium: chromium,
  atspiToggle: toggle,
  javafx: {
    /**
     * The budget for the JavaFX library on the app's FX thread, under 100 UI changes a
     * second: no task of it over 5 ms. CPU time of the FX thread, so a machine busy with other
     * work (which stretches wall time) does not move it; counted in every trial, and the
     * longest task's median over the trials.
     */
    fxTasksOverBudget: { figure: 'overBudgetTasks.max', op: '<=', limit: 0 },
    longestFxTaskCpu: { figure: 'maxTaskCpuMs', op: '<=', limit: 5, unit: ' ms' },
    /** The server's memory per provider node, within the cache's per-element budget. */
    heapPerProviderNode: {
      figure: 'heapBytesPerNode',
      op: '<=',
      limit: CACHE_BYTES_PER_ELEMENT,
      unit: ' B',
    },
    /**
     * A 10,000-node scene into the cache, against the library's own snapshot of it taken in the
     * same trial: each trial's ratio, their median (a busy machine slows both sides alike).
     */
    syncVsLibrarySnapshot: {
      figure: 'syncVsLibrary',
      op: '<=',
      limit: 1.5,
      unit: "x the library's own snapshot, paired per trial",
    },
    /**
     * Scene change to a client's event, against a ping on the provider's connection sampled in
     * the same seconds: each trial's ratio of the two p99s, their median.
     */
    eventP99VsPingP99: {
      figure: 'eventVsPingP99',
      op: '<=',
      limit: 2,
      unit: 'x a ping round trip on the same connection, paired per trial',
    },
    cacheEqualsApp: { figure: 'finalStateReached', op: '==', limit: 1 },
  },
  tokens: {
    agentTaskCallsVsToday: ratio('agentTask.improved.calls', '<=', 0.95, {
      baseline: 'agentTask.today.calls',
      of: "today's path in the same run",
    }),
    // Fewer tokens than today (the bar): the opened form costs what the read it
    // replaces cost, so the saving is the calls' own overhead, a few percent.
    agentTaskTokensVsToday: ratio('agentTask.improved.tokens', '<=', 0.99, {
      baseline: 'agentTask.today.tokens',
      of: "today's path in the same run",
    }),
    agentTaskClaimsUntrue: { figure: 'agentTask.improved.claimsUntrue', op: '==', limit: 0 },
    agentTaskBeliefsUntrue: { figure: 'agentTask.improved.beliefsUntrue', op: '==', limit: 0 },
  },
  windows: windowTargets(),
  launch: {
    // The map is the app's own work; the answer adds the accessible tree's arrival and fetch.
    gtk3LaunchVsMap: { figure: 'gtk3.launchVsMap', op: '<=', limit: 2, unit: 'x own map' },
    qt5LaunchVsMap: { figure: 'qt5.launchVsMap', op: '<=', limit: 2, unit: 'x own map' },
  },
  clipboard: {
    // Both sides pay one xclip process per transfer; ours answers INCR from the event loop.
    roundTripVsXclip: { figure: 'roundTripVsXclip', op: '<=', limit: 1.5, unit: 'x xclip' },
  },
  repair: {
    /**
     * With every event dropped only the reconcile repairs, once a period (1 s by default), so a
     * repair takes up to a period plus the re-read: judged against the period (the issue's 2 s).
     * The period stretches on a busy machine to keep the re-reads' duty cap, and so does this.
     */
    repairP99VsReconcilePeriod: ratio('repairMs.p99', '<=', 2, {
      baseline: 'reconcilePeriodMs',
      of: 'the reconcile period',
    }),
    differencesAtEnd: { figure: 'differences', op: '==', limit: 0 },
    unrepairedAtEnd: { figure: 'unrepaired', op: '==', limit: 0 },
  },
} as const satisfies Record<string, Record<string, TargetSpec>>;
