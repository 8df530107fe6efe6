import { describe, expect, it, vi } from 'vitest';
import { isUiError, raceSignal } from '../../../src/errors.js';
import { createProgress } from '../../../src/executor/progress.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    return isUiError(err) ? err.code : 'not a UiError';
  }
}

describe('createProgress', () => {
  it('times out a call that never settles with timeout', async () => {
    vi.useFakeTimers();
    try {
      const progress = createProgress({ timeoutMs: 20, label: 'invoke' });
      const hung = new Promise<never>(() => undefined);
      const code = codeOf(progress.race(hung));
      // Not before its deadline (timer time, not wall time), and at it.
      await vi.advanceTimersByTimeAsync(19);
      expect(progress.signal.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await code).toBe('timeout');
      expect(progress.signal.aborted).toBe(true);
      progress.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes through a result that arrives before the deadline', async () => {
    const progress = createProgress({ timeoutMs: 5_000 });
    await expect(progress.race(Promise.resolve(42))).resolves.toBe(42);
    expect(progress.signal.aborted).toBe(false);
    progress.dispose();
  });

  it('turns a caller abort into cancelled', async () => {
    const caller = new AbortController();
    const progress = createProgress({ timeoutMs: 5_000, signals: [caller.signal] });
    const pending = progress.race(new Promise<never>(() => undefined));
    caller.abort();
    expect(await codeOf(pending)).toBe('cancelled');
    expect(() => progress.check()).toThrow(/aborted/);
    progress.dispose();
  });

  it('is aborted from the start when a caller signal already fired', () => {
    const progress = createProgress({ timeoutMs: 5_000, signals: [AbortSignal.abort()] });
    expect(progress.signal.aborted).toBe(true);
    progress.dispose();
  });

  it('reports the time remaining from an injected clock', () => {
    let now = 1_000;
    const progress = createProgress({ timeoutMs: 500, now: () => now });
    expect(progress.deadline).toBe(1_500);
    now = 1_200;
    expect(progress.remaining()).toBe(300);
    now = 2_000;
    expect(progress.remaining()).toBe(0);
    progress.dispose();
  });

  it('stops listening to the caller after dispose', () => {
    const caller = new AbortController();
    const progress = createProgress({ timeoutMs: 5_000, signals: [caller.signal] });
    progress.dispose();
    caller.abort();
    expect(progress.signal.aborted).toBe(false);
  });
});

describe('raceSignal', () => {
  it('keeps the rejection of the work itself', async () => {
    const failing = Promise.reject(new Error('boom'));
    await expect(raceSignal(failing, new AbortController().signal)).rejects.toThrow('boom');
  });
});
