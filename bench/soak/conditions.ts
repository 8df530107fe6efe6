/** What the soak's server runs with; shared by server.ts and the printed line (index.ts). */

/**
 * Store bounds small enough that the event log, the patch history and the tombstones of
 * vanished refs (about 1,000 a minute under the demo) fill in the first half of a short run:
 * the second half then measures growth past the bounds, not the fill.
 */
export const SOAK_CACHE = {
  eventReplay: 2_000,
  eventReplayBytes: 1024 * 1024,
  tombstoneBytes: 128 * 1024,
};

/** One demo step every this many ms (the CLI's demo takes 400). */
export const DEMO_STEP_MS = 100;
