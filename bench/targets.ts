/**
 * Every target of every bench, as data. A target names a figure of the bench's JSON line (a
 * dotted path; a trials object stands for its median) and how it is judged:
 * - `relation: 'ratio'`: figure / baseline, where the baseline is measured in the same run
 *   (a bare `ws` server, a raw AT-SPI walk, the backend call, the machine's reference workload);
 * - `relation: 'over'`: figure - baseline (the fleet's latency over the broker's control path);
 * - no relation: a budget that does not depend on the machine (bytes, tokens, counts, CPU).
 * No target is an absolute time.
 */

import { DESKTOP_TARGETS } from './lib/desktopTargets.js';
import { ref, type TargetSpec } from './lib/targetSpec.js';

export type { TargetSpec } from './lib/targetSpec.js';

export const TARGETS = {
  cache: {
    findP99VsBareScanP50: {
      figure: '10k.findUs.p99',
      relation: 'ratio',
      baseline: '10k.bareScanUs.p50',
      of: 'the median of a bare scan of the names',
      op: '<=',
      limit: 0.5,
    },
    getP99VsBareLookup: {
      figure: '100k.getUs.p99',
      relation: 'ratio',
      baseline: '100k.bareLookupUs.p99',
      of: 'a bare Map lookup',
      op: '<=',
      limit: 10,
    },
    batchToPatchP50VsReducer: {
      figure: '10k.eventBatchToPatchUs.p50',
      relation: 'ratio',
      baseline: '10k.reducerBatchUs.p50',
      of: 'the reducer alone',
      op: '<=',
      limit: 5,
    },
    storeVsReducerThroughput: {
      figure: '10k.propertyEventsPerSec.store',
      relation: 'ratio',
      baseline: '10k.propertyEventsPerSec.reducer',
      of: 'the reducer alone',
      op: '>=',
      limit: 0.1,
    },
    heapPerElementAt100k: { figure: '100k.heapBytesPerElement', op: '<=', limit: 1024, unit: ' B' },
  },
  executor: {
    overheadP99VsSameLengthWork: {
      figure: 'overhead.overheadP99Ms',
      relation: 'ratio',
      baseline: 'overhead.sameLengthWorkP99Ms',
      of: 'CPU work as long as the median overhead',
      op: '<=',
      limit: 2,
    },
    answered: { figure: 'concurrency.unanswered', op: '==', limit: 0 },
    answeredTwice: { figure: 'concurrency.answeredTwice', op: '==', limit: 0 },
    lanesOutOfOrder: { figure: 'concurrency.lanesOutOfOrder', op: '==', limit: 0 },
    waitForP99VsBackendCall: {
      figure: 'waitFor.p99Ms',
      relation: 'ratio',
      baseline: 'waitFor.backendP99Ms',
      of: 'the backend call, timed in the same iterations',
      op: '<=',
      limit: 1,
    },
  },
  ws: {
    readP50VsBareEcho: {
      figure: 'read.p50Us',
      relation: 'ratio',
      baseline: 'read.bareEchoP50Us',
      of: 'bare ws echo',
      op: '<=',
      limit: 2.5,
    },
    readP99VsBareEcho: {
      figure: 'read.p99Us',
      relation: 'ratio',
      baseline: 'read.bareEchoP99Us',
      of: 'bare ws echo',
      op: '<=',
      limit: 3,
    },
    fanoutP99VsBare: {
      figure: 'fanout.p99Us',
      relation: 'ratio',
      baseline: 'fanout.bareP99Us',
      of: 'bare ws broadcast',
      op: '<=',
      limit: 2.5,
    },
    throughputVsBare: {
      figure: 'fanout.oursDeliveriesPerSec',
      relation: 'ratio',
      baseline: 'fanout.bareDeliveriesPerSec',
      of: 'bare ws broadcast',
      op: '>=',
      limit: 0.7,
    },
    stallP99VsCalm: {
      figure: 'stall.stalledP99Ms',
      relation: 'ratio',
      baseline: 'stall.calmP99Ms',
      of: 'with no client stalled',
      op: '<=',
      limit: 2,
    },
    stallRssCostBytes: {
      figure: 'stall.stallRssCostBytes',
      op: '<=',
      limit: 8 * 1024 * 1024,
      unit: ' B',
    },
    stallPeakRssCostBytes: {
      figure: 'stall.stallPeakRssCostBytes',
      op: '<=',
      limit: 8 * 1024 * 1024,
      unit: ' B',
    },
    stallMaxQueuedBytes: {
      figure: 'stall.maxQueuedBytes',
      op: '<=',
      limit: 8 * 1024 * 1024,
      unit: ' B',
    },
    fanoutDeliveredWhole: { figure: 'fanout.gaps', op: '==', limit: 0 },
    // Events missing with no `events.gap` in their place: lost, whatever the load.
    fanoutNothingLost: { figure: 'fanout.holes', op: '==', limit: 0 },
    stallNothingLost: { figure: 'stall.holes', op: '==', limit: 0 },
    stallGapsReported: { figure: 'stall.gapsReported', op: '>=', limit: 1 },
  },
  pixels: {
    captureScreenPngVsReference: {
      figure: 'x11.screenMs',
      relation: 'ratio',
      ...ref,
      op: '<=',
      limit: 0.5,
    },
    captureWindowPngVsReference: {
      figure: 'x11.windowMs',
      relation: 'ratio',
      ...ref,
      op: '<=',
      limit: 0.2,
    },
    marksOverlayVsPlainCapture: {
      figure: 'sim.markedMs',
      relation: 'ratio',
      baseline: 'sim.plainMs',
      of: 'the plain capture',
      op: '<=',
      limit: 2,
    },
    postActionScreenshotVsPlainCapture: {
      figure: 'sim.postActionAddedMs',
      relation: 'ratio',
      baseline: 'sim.plainMs',
      of: 'the plain capture',
      op: '<=',
      limit: 4,
    },
    ocrWarm300x60VsReference: {
      figure: 'sim.ocrSmallMs',
      relation: 'ratio',
      ...ref,
      op: '<=',
      limit: 3,
    },
    ocrWarm640x480VsReference: {
      figure: 'sim.ocrWindowMs',
      relation: 'ratio',
      ...ref,
      op: '<=',
      limit: 15,
    },
    ocrWordRate: { figure: 'sim.wordRate', op: '>=', limit: 0.97 },
    defaultWindowScreenshotTokens: { figure: 'sim.tokens', op: '<=', limit: 1600, unit: ' tokens' },
  },
  dashboard: {
    firstPaintVsReference: {
      figure: 'firstPaintMs',
      relation: 'ratio',
      ...ref,
      op: '<=',
      limit: 6,
    },
    bundleGzipBytes: { figure: 'bundleGzipBytes', op: '<=', limit: 150 * 1024, unit: ' B' },
    mirrorEqual: { figure: 'mirrorEqual', op: '==', limit: 1 },
    lateFramesShare: { figure: 'lateFramesShare', op: '<=', limit: 0.05 },
    longestTaskCpuVsReference: {
      figure: 'maxTaskCpuMs',
      relation: 'ratio',
      ...ref,
      op: '<=',
      limit: 0.5,
    },
  },
  python: {
    pythonReadVsEcho: { figure: 'readVsEcho.json', op: '<=', limit: 1.5, unit: 'x bare echo' },
    pythonReadVsEchoMsgpack: {
      figure: 'readVsEcho.msgpack',
      op: '<=',
      limit: 1.5,
      unit: 'x bare echo',
    },
  },
  soak: {
    rssSlopeMiBPerMin: { figure: 'rssSlopeMiBPerMin', op: '<=', limit: 0.5, unit: ' MiB/min' },
    liveSlopeMiBPerMin: { figure: 'liveSlopeMiBPerMin', op: '<=', limit: 0.25, unit: ' MiB/min' },
    unanswered: { figure: 'requests.unanswered', op: '==', limit: 0 },
    duplicateAnswers: { figure: 'requests.duplicates', op: '==', limit: 0 },
    failedClients: { figure: 'failedClients', op: '==', limit: 0 },
  },
  fleet: {
    eventLatencyP99OverControl: {
      figure: 'latency.p99Ms',
      relation: 'over',
      baseline: 'latency.control.p99Ms',
      of: 'broker control path p99',
      op: '<=',
      limit: 5,
      unit: ' ms',
    },
    eventHoles: { figure: 'latency.holes', op: '==', limit: 0 },
    floodMissingFromStream: { figure: 'flood.missing', op: '==', limit: 0 },
    rpcP50OverWebSocket: {
      figure: 'rpc.natsP50Ms',
      relation: 'over',
      baseline: 'rpc.wsP50Ms',
      of: 'the same call over WebSocket',
      op: '<=',
      limit: 1,
      unit: ' ms',
    },
    bridgeCpuShareOfCore: {
      figure: 'cpu.bridgeCorePercent',
      op: '<=',
      limit: 1,
      unit: ' % of a core',
    },
    bridgeCpuPerEventUs: { figure: 'cpu.bridgeUsPerEvent', op: '<=', limit: 100, unit: ' µs' },
    outageGrowthSecondHalf: {
      figure: 'outage.growthSecondHalfMiB',
      op: '<=',
      limit: 1,
      unit: ' MiB',
    },
    outageResumed: { figure: 'outage.resumedCount', op: '==', limit: 1 },
    outageGapReported: { figure: 'outage.lostReported', op: '>=', limit: 1, unit: ' events' },
  },
  ...DESKTOP_TARGETS,
} as const satisfies Record<string, Record<string, TargetSpec>>;

export type BenchName = keyof typeof TARGETS;
