import { describe, expect, it, vi } from 'vitest';
import { raceSignal } from '../../../src/errors.js';
import { createProgress } from '../../../src/executor/progress.js';
import { rejection, rejectionCode as codeOf } from '../../support/errors.js';

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

  it('answers a timeout with its call log: what it did and what it waited for', async () => {
    vi.useFakeTimers();
    try {
      const progress = createProgress({ timeoutMs: 20, label: 'actions.click' });
      progress.step('waiting for Button "Save" (e12) to be enabled');
      progress.step('retrying: covered by "Dialog"');
      progress.step('retrying: covered by "Dialog"');
      const failed = rejection(progress.race(new Promise<never>(() => undefined)));
      await vi.advanceTimersByTimeAsync(20);
      const err = await failed;
      expect(err.code).toBe('timeout');
      expect(err.details?.log).toEqual([
        'waiting for Button "Save" (e12) to be enabled',
        'retrying: covered by "Dialog" (x2)',
      ]);
      expect(err.message).toMatch(/last: retrying: covered by "Dialog"/);
      progress.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the call log bounded to its newest lines', () => {
    const progress = createProgress({ timeoutMs: 5_000 });
    for (let i = 0; i < 100; i++) progress.step(`step ${i}`);
    expect(progress.log()).toHaveLength(30);
    expect(progress.log().at(-1)).toBe('step 99');
    progress.dispose();
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
