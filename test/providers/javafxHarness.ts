/** Moved to scripts/harness/javafx.ts, shared with bench/javafx. */
export * from '../../scripts/harness/javafx.js';
