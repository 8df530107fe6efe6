import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { PatchBatch } from '../../../protocol/src/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import { isUiError } from '../../../src/errors.js';
import { recordPatches, waitForValue } from '../../../src/executor/waits.js';

/** Just the patch stream of a cache: all these helpers may touch. */
function fakeCache(): { cache: UiCache; patches: Subject<PatchBatch>; state: { value: number } } {
  const patches = new Subject<PatchBatch>();
  const state = { value: 0 };
  const cache = { patches$: patches.asObservable(), node: () => undefined } as unknown as UiCache;
  return { cache, patches, state };
}

const batch = (revision: number): PatchBatch => ({
  revision,
  patches: [{ op: 'update', ref: 'e1', props: { value: String(revision) } }],
});

describe('waitForValue', () => {
  it('answers at once when the condition already holds, without subscribing', async () => {
    const { cache, patches } = fakeCache();
    await expect(
      waitForValue(cache, () => 'now', new AbortController().signal, 1_000),
    ).resolves.toBe('now');
    expect(patches.observed).toBe(false);
  });

  it('resolves in the same turn as the patch that satisfies it', async () => {
    const { cache, patches, state } = fakeCache();
    let resolvedAt = -1;
    const waiting = waitForValue(
      cache,
      () => (state.value >= 2 ? state.value : undefined),
      new AbortController().signal,
      5_000,
    ).then((v) => {
      resolvedAt = state.value;
      return v;
    });
    state.value = 1;
    patches.next(batch(1));
    state.value = 2;
    patches.next(batch(2));
    expect(await waiting).toBe(2);
    expect(resolvedAt).toBe(2);
    expect(patches.observed).toBe(false);
  });

  it('gives undefined when its limit passes first', async () => {
    const { cache, patches } = fakeCache();
    await expect(
      waitForValue(cache, () => undefined, new AbortController().signal, 10),
    ).resolves.toBeUndefined();
    expect(patches.observed).toBe(false);
  });

  it('rejects with the typed error when aborted', async () => {
    const { cache } = fakeCache();
    const controller = new AbortController();
    const waiting = waitForValue(cache, () => undefined, controller.signal, 5_000);
    controller.abort();
    await expect(waiting).rejects.toSatisfy((e) => isUiError(e) && e.code === 'cancelled');
  });

  it('rejects when the condition throws on a later patch', async () => {
    const { cache, patches } = fakeCache();
    let calls = 0;
    const waiting = waitForValue(
      cache,
      () => {
        calls += 1;
        if (calls > 1) throw new Error('bad regex');
        return undefined;
      },
      new AbortController().signal,
      5_000,
    );
    patches.next(batch(1));
    await expect(waiting).rejects.toThrow('bad regex');
  });
});

describe('recordPatches', () => {
  it('records every batch and stops on demand', () => {
    const { cache, patches } = fakeCache();
    const recorder = recordPatches(cache);
    patches.next(batch(1));
    patches.next(batch(2));
    recorder.stop();
    patches.next(batch(3));
    expect(recorder.batches.map((b) => b.revision)).toEqual([1, 2]);
  });

  it('quiet ends early when the signal fires and at once for zero', async () => {
    const { cache } = fakeCache();
    const recorder = recordPatches(cache);
    await recorder.quiet(0, () => true, new AbortController().signal);
    const controller = new AbortController();
    const quiet = recorder.quiet(60_000, () => true, controller.signal);
    controller.abort();
    await quiet;
    recorder.stop();
  });

  it('quiet waits out relevant patches and ignores others', async () => {
    // Fake timers: the quiet period is checked as behaviour (what has resolved after how much
    // timer time), not by measuring wall time.
    vi.useFakeTimers();
    try {
      const { cache, patches } = fakeCache();
      const recorder = recordPatches(cache);
      let done = false;
      const quiet = recorder
        .quiet(40, (p) => p.op === 'update', new AbortController().signal)
        .then(() => (done = true));
      await vi.advanceTimersByTimeAsync(30);
      // A relevant patch restarts the quiet period: 40 ms of timer time from here.
      patches.next(batch(1));
      await vi.advanceTimersByTimeAsync(39);
      expect(done).toBe(false);
      // An irrelevant one does not.
      patches.next({ revision: 2, patches: [{ op: 'focus', ref: 'e1', previous: null }] });
      await vi.advanceTimersByTimeAsync(1);
      await quiet;
      expect(done).toBe(true);
      recorder.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
