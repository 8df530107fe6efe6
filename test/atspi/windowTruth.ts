/** Moved to scripts/harness/windowTruth.ts, shared with bench/windows. */
export * from '../../scripts/harness/windowTruth.js';
