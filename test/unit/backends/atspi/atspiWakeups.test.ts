import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wakeups } from '../../../../src/backends/atspi/atspiWakeups.js';

describe('Wakeups.whileHolds', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves at once when the condition does not hold', async () => {
    const checks: number[] = [];
    await new Wakeups().whileHolds(() => checks.push(1) < 0, 1_000);
    expect(checks).toHaveLength(1);
  });

  it('checks again at each wake and resolves once the condition is false', async () => {
    const wakeups = new Wakeups();
    let held = true;
    let checks = 0;
    let done = false;
    const waiting = wakeups
      .whileHolds(() => {
        checks++;
        return held;
      }, 10_000)
      .then(() => (done = true));
    wakeups.wakeAll();
    await vi.advanceTimersByTimeAsync(0);
    expect({ checks, done }).toEqual({ checks: 2, done: false });
    held = false;
    wakeups.wakeAll();
    await waiting;
    expect({ checks, done }).toEqual({ checks: 3, done: true });
  });

  it('gives up at its limit while the condition still holds', async () => {
    let done = false;
    const waiting = new Wakeups().whileHolds(() => true, 500).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });
});
