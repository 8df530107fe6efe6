import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { untilCache } from '../../../../scripts/harness/cacheWait.js';

describe('untilCache', () => {
  it('answers the probe once a patch makes it hold', async () => {
    const patches$ = new Subject<unknown>();
    const box: { value?: string } = {};
    const waiting = untilCache({ patches$ } as never, () => box.value, 10_000);
    box.value = 'seen';
    patches$.next({});
    await expect(waiting).resolves.toBe('seen');
  });

  it('says what it waited for when the deadline passes', async () => {
    const patches$ = new Subject<unknown>();
    const waiting = untilCache({ patches$ } as never, () => false, 1, 'the dialog "Go to"');
    await expect(waiting).rejects.toThrow('the cache did not show the dialog "Go to" within 1 ms');
  });
});
