/** Moved to scripts/harness/windowTruthCycles.ts, shared with bench/windows. */
export * from '../../scripts/harness/windowTruthCycles.js';
