import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { BackendEvent } from '../../../../src/backends/backend.js';
import { WindowSettler } from '../../../../src/backends/atspi/atspiSettle.js';
import { ElementStaleError, TimeoutError } from '../../../../src/errors.js';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A settler over a window whose extents the test sets; invalidations are stamped in fake ms. */
function harness() {
  const box: { now: number[] | 'gone' | 'busy' } = { now: [0, 0, 640, 480] };
  const invalidatedAt: number[] = [];
  const start = Date.now();
  const settler = new WindowSettler({
    extents: () => {
      if (box.now === 'gone') return Promise.reject(new ElementStaleError('gone'));
      if (box.now === 'busy') return Promise.reject(new TimeoutError('busy'));
      return Promise.resolve(box.now);
    },
    emit: (events: readonly BackendEvent[]) => {
      for (const e of events) {
        if (e.type === 'structure' && e.change === 'invalidated' && e.id === 'w') {
          invalidatedAt.push(Date.now() - start);
        }
      }
    },
  });
  return { box, invalidatedAt, settler };
}

it('re-reads a new window at the fixed delays and not again while its extents hold', async () => {
  const { invalidatedAt, settler } = harness();
  settler.watch('w');
  await vi.advanceTimersByTimeAsync(60_000);
  expect(invalidatedAt).toEqual([300, 1_500, 5_000]);
});

it('watches a window announced twice once, and goes on past a read that timed out', async () => {
  const { box, invalidatedAt, settler } = harness();
  settler.watch('w');
  settler.watch('w');
  await vi.advanceTimersByTimeAsync(2_000);
  box.now = 'busy';
  await vi.advanceTimersByTimeAsync(2_000);
  box.now = [0, 0, 372, 218];
  await vi.advanceTimersByTimeAsync(60_000);
  expect(invalidatedAt).toEqual([300, 1_500, 4_300, 5_000]);
});

it('re-reads it again when its extents change, within a second, for its first 30 s', async () => {
  const { box, invalidatedAt, settler } = harness();
  settler.watch('w');
  await vi.advanceTimersByTimeAsync(6_500);
  box.now = [0, 0, 372, 218];
  await vi.advanceTimersByTimeAsync(23_000);
  box.now = [0, 0, 100, 100];
  await vi.advanceTimersByTimeAsync(60_000);
  // Read every second from 300 ms: the change shows at 7.3 s; the one after 30 s is not watched.
  expect(invalidatedAt).toEqual([300, 1_500, 5_000, 7_300]);
});

it('stops watching a window whose extents cannot be read, and everything on stop', async () => {
  const gone = harness();
  gone.settler.watch('w');
  await vi.advanceTimersByTimeAsync(2_000);
  gone.box.now = 'gone';
  await vi.advanceTimersByTimeAsync(6_000);
  gone.box.now = [1, 2, 3, 4];
  await vi.advanceTimersByTimeAsync(30_000);
  expect(gone.invalidatedAt).toEqual([300, 1_500, 5_000]);
  const stopped = harness();
  stopped.settler.watch('w');
  await vi.advanceTimersByTimeAsync(1_000);
  stopped.settler.stop();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(stopped.invalidatedAt).toEqual([300]);
  expect(vi.getTimerCount()).toBe(0);
});
