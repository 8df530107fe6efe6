import { firstValueFrom, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { BackendEvent } from '../../../../src/backends/backend.js';
import { OrderedBatcher } from '../../../../src/backends/atspi/atspiBatcher.js';

const focus = (id: string): BackendEvent => ({ type: 'focus', id });

describe('ordered batcher', () => {
  it('delivers mapped events in arrival order, and emitNow ahead of a slow mapping', async () => {
    const batcher = new OrderedBatcher();
    const batches = firstValueFrom(batcher.events$.pipe(take(2), toArray()));
    let release = (): void => undefined;
    const slow = new Promise<readonly BackendEvent[]>((resolve) => {
      release = () => resolve([focus('slow')]);
    });
    batcher.enqueue(slow);
    batcher.emit([focus('queued')]);
    batcher.emitNow([{ type: 'structure', change: 'invalidated', id: 'desktop' }]);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const [first, second] = await batches;
    expect(first).toEqual([{ type: 'structure', change: 'invalidated', id: 'desktop' }]);
    expect(second).toEqual([focus('slow'), focus('queued')]);
  });
});
