import { describe, expect, it } from 'vitest';
import { NativeTracker } from '../../../../src/backends/uia/uiaProgress.js';

describe('native-call tracker', () => {
  it('reports the oldest call in flight with its age, and the calls finished so far', async () => {
    let now = 1_000;
    const tracker = new NativeTracker(() => now);
    expect(tracker.busy()).toBeNull();
    let finishFirst: () => void = () => undefined;
    const first = tracker.track('BuildUpdatedCache', new Promise<void>((r) => (finishFirst = r)));
    now = 1_500;
    const second = tracker.track('SetFocus', Promise.reject(new Error('refused')));
    await expect(second).rejects.toThrow('refused');
    now = 4_000;
    expect(tracker.busy()).toEqual({ what: 'BuildUpdatedCache', ms: 3_000, steps: 1 });
    finishFirst();
    await first;
    expect(tracker.busy()).toBeNull();
  });
});
