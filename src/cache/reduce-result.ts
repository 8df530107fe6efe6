/**
 * What one reducer step answers: the patches it applied, the fetches it asks the store to run,
 * and what it saw of the backend's status.
 */
import type { BackendStatus, Patch } from '../../protocol/src/index.js';
import type { BackendId } from '../backends/backend.js';

/** A bulk fetch the store should run. `key` groups requests that may be coalesced. */
export interface FetchRequest {
  id: BackendId;
  /** Coalescing key: the backend id of the window concerned, or the desktop root. */
  key: BackendId;
  maxDepth?: number;
  /** Set on the one retry of a failed fetch. */
  retried?: boolean;
  /**
   * Asked for on evidence of a lost structure event rather than on an event: the store
   * rate-limits these per window (reconcile.ts), since a flood of evidence must not become a
   * storm of re-reads.
   */
  evidence?: boolean;
  /** Deadline of this fetch, when shorter than the configured one (reconcile, fresh reads). */
  deadlineMs?: number;
  /**
   * A change of the window list or a new window's contents: read at once, ahead of queued
   * re-reads (no quiet period), since `window.opened` / `window.closed` wait for it.
   */
  urgent?: boolean;
}

export interface ReduceResult {
  patches: Patch[];
  fetch: FetchRequest[];
  /** Events about elements the cache does not hold (ignored). */
  ignored: number;
  status?: { status: BackendStatus; reason?: string };
  reset?: string;
}
