import { describe, expect, it } from 'vitest';
import { INPUT_LANE, LaneQueue, windowLane } from '../../../src/executor/queue.js';
import { rejectionCode as codeOf } from '../../support/errors.js';

/** A promise with its resolver, to hold a job open until the test releases it. */
function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const live = (): AbortSignal => new AbortController().signal;

describe('LaneQueue', () => {
  it('runs one lane in submission order, one job at a time', async () => {
    const queue = new LaneQueue(100);
    const order: number[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const jobs = Array.from({ length: 20 }, (_, i) =>
      queue.submit(INPUT_LANE, live(), async () => {
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await Promise.resolve();
        order.push(i);
        concurrent -= 1;
        return i;
      }),
    );
    expect(await Promise.all(jobs)).toEqual(order);
    expect(order).toEqual([...Array(20).keys()]);
    expect(maxConcurrent).toBe(1);
    expect(queue.stats()).toEqual({ queued: 0, running: 0, completed: 20, failed: 0 });
  });

  it('runs different lanes side by side', async () => {
    const queue = new LaneQueue(100);
    const held = gate();
    const blocked = queue.submit(windowLane('w1'), live(), () => held.promise);
    const other = await queue.submit(windowLane('w2'), live(), () => Promise.resolve('w2 ran'));
    expect(other).toBe('w2 ran');
    expect(queue.stats().running).toBe(1);
    held.open();
    await blocked;
  });

  it('refuses work beyond its bound with rate_limited and keeps serving', async () => {
    const queue = new LaneQueue(2);
    const held = gate();
    const first = queue.submit(INPUT_LANE, live(), () => held.promise);
    const second = queue.submit(INPUT_LANE, live(), () => Promise.resolve(2));
    expect(await codeOf(queue.submit(INPUT_LANE, live(), () => Promise.resolve(3)))).toBe(
      'rate_limited',
    );
    held.open();
    await first;
    expect(await second).toBe(2);
    expect(await queue.submit(INPUT_LANE, live(), () => Promise.resolve(4))).toBe(4);
  });

  it('drops a pending job whose signal fires and runs the rest in order', async () => {
    const queue = new LaneQueue(10);
    const held = gate();
    const ran: string[] = [];
    const first = queue.submit(INPUT_LANE, live(), async () => {
      await held.promise;
      ran.push('first');
    });
    const cancel = new AbortController();
    const dropped = queue.submit(INPUT_LANE, cancel.signal, () => {
      ran.push('dropped');
      return Promise.resolve();
    });
    const third = queue.submit(INPUT_LANE, live(), () => {
      ran.push('third');
      return Promise.resolve();
    });
    cancel.abort();
    expect(await codeOf(dropped)).toBe('cancelled');
    expect(queue.stats().queued).toBe(1);
    held.open();
    await Promise.all([first, third]);
    expect(ran).toEqual(['first', 'third']);
  });

  it('moves on after a failing job and counts it', async () => {
    const queue = new LaneQueue(10);
    const failing = queue.submit(INPUT_LANE, live(), () => Promise.reject(new Error('bad')));
    const next = queue.submit(INPUT_LANE, live(), () => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('bad');
    expect(await next).toBe('next');
    expect(queue.stats()).toMatchObject({ completed: 1, failed: 1 });
  });

  it('rejects at once when the signal already fired', async () => {
    const queue = new LaneQueue(10);
    let ran = false;
    const job = queue.submit(INPUT_LANE, AbortSignal.abort(), () => {
      ran = true;
      return Promise.resolve();
    });
    expect(await codeOf(job)).toBe('cancelled');
    expect(ran).toBe(false);
  });
});
