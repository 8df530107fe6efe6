/**
 * Another process's clock against ours, from the IPC round trip with the smallest duration:
 * latencies stamped in two processes are corrected by it.
 */
import { preciseNow } from '../../src/fleet/batch.js';

export interface ClockOffset {
  /** Their clock minus ours, ms. */
  offsetMs: number;
  /** Half the shortest round trip: how far off the offset may be. */
  uncertaintyMs: number;
}

export async function clockOffset(ask: () => Promise<number>, rounds = 50): Promise<ClockOffset> {
  let best = { offsetMs: 0, uncertaintyMs: Infinity };
  for (let i = 0; i < rounds; i++) {
    const t0 = preciseNow();
    const now = await ask();
    const t1 = preciseNow();
    if ((t1 - t0) / 2 < best.uncertaintyMs) {
      best = { offsetMs: now - (t0 + t1) / 2, uncertaintyMs: (t1 - t0) / 2 };
    }
  }
  return best;
}
