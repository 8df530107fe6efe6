/** The reconcile's choice of re-reads, its counts and its back-off from slow apps. */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { FETCH_FAILED } from '../../../src/cache/fetcher.js';
import { Reconciler } from '../../../src/cache/reconciler.js';
import { reduce, type FetchRequest } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { smallDesktop } from './fake-backend.js';

/** A scheduler whose clock only moves when the test says so. */
function manualClock(): SchedulerLike & { advance(ms: number): void } {
  let now = 0;
  return Object.assign(Object.create(asyncScheduler) as SchedulerLike, {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  });
}

function setup(
  answer: (r: FetchRequest) => number,
  costMs: () => number = () => 0,
  eventComplete?: (id: string) => boolean,
) {
  const state = new TreeState();
  reduce(state, { kind: 'fetched', nodes: smallDesktop().walk('root') });
  const scheduler = manualClock();
  const asked: FetchRequest[] = [];
  const reconciler = new Reconciler({
    periodMs: 1_000,
    duty: 0.1,
    deadlineMs: 500,
    scheduler,
    state,
    reread: (request) => {
      asked.push(request);
      scheduler.advance(costMs());
      return Promise.resolve(answer(request));
    },
    ...(eventComplete === undefined ? {} : { eventComplete }),
  });
  return { reconciler, asked };
}

describe('reconciler', () => {
  it('re-lists the top level, then the window in use, then another visible one', async () => {
    const { reconciler, asked } = setup(() => 0);
    await reconciler.tick();
    expect(asked.map((r) => [r.id, r.maxDepth, r.deadlineMs, r.retried])).toEqual([
      ['root', 1, 500, true],
      ['w1', undefined, 500, true],
      ['w2', undefined, 500, true],
    ]);
  });

  it('leaves out windows whose every change the backend reports', async () => {
    const { reconciler, asked } = setup(
      () => 0,
      () => 0,
      (id) => id === 'w1',
    );
    await reconciler.tick();
    await reconciler.tick();
    expect(asked.map((r) => r.id)).toEqual(['root', 'w2', 'root', 'w2']);
  });

  it('counts drift, repairs and failed re-reads', async () => {
    const { reconciler } = setup((r) => (r.id === 'w2' ? FETCH_FAILED : r.id === 'w1' ? 3 : 0));
    expect(await reconciler.tick()).toBe(3);
    expect(reconciler.stats).toMatchObject({
      ticks: 1,
      checks: 3,
      drifted: 1,
      repaired: 3,
      failed: 1,
    });
  });

  it('waits longer when the app answers slowly, keeping its share of the time', async () => {
    const fast = setup(
      () => 0,
      () => 10,
    );
    await fast.reconciler.tick();
    expect(fast.reconciler.stats.periodMs).toBe(1_000);
    const slow = setup(
      () => 0,
      () => 400,
    );
    await slow.reconciler.tick();
    // Three re-reads of 400 ms may take at most 10% of the time: one pass per 12 s.
    expect(slow.reconciler.stats.periodMs).toBe(12_000);
  });

  it('smooths the period over ticks, so one stall does not stretch it alone', async () => {
    let cost = 10;
    const { reconciler } = setup(
      () => 0,
      () => cost,
    );
    await reconciler.tick();
    cost = 400;
    await reconciler.tick();
    // 0.7 x 30 ms + 0.3 x 1,200 ms = 381 ms of reads: 3.8 s, not 12 s.
    expect(reconciler.stats.periodMs).toBe(3_810);
  });
});
