/**
 * The patch history holds what its bounds allow and nothing more: a batch it has dropped is
 * garbage (the soak's live heap rose by ~4 MiB over each 80 s while dropped batches waited in
 * their slots for a compaction), and an update's weight counts the values it replaced.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { PatchBatch } from '../../../protocol/src/index.js';
import type { BackendProps } from '../../../src/backends/backend.js';
import { PatchHistory } from '../../../src/cache/history.js';
import { mergeProps } from '../../../src/cache/props.js';

setFlagsFromString('--expose-gc');
/** A full, synchronous collection (the flag set above gives a fresh context its gc()). */
const fullGc = runInNewContext('gc') as () => void;

const update = (revision: number): PatchBatch => ({
  revision,
  patches: [{ op: 'update', ref: 'e1', props: { name: `name ${revision}` } }],
});

/** Yield once so the WeakRefs made in this turn no longer keep their targets alive. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('PatchHistory', () => {
  it('lets go of every batch it drops', async () => {
    const history = new PatchHistory(100);
    const dropped: WeakRef<PatchBatch>[] = [];
    // 1,000 batches through a history of 100 patches: 900 dropped, none compacted by a
    // threshold of 1,024 dropped slots.
    for (let rev = 1; rev <= 1_000; rev++) {
      const batch = update(rev);
      if (rev <= 900) dropped.push(new WeakRef(batch));
      history.push(batch);
    }
    await nextTurn();
    fullGc();
    const alive = dropped.filter((ref) => ref.deref() !== undefined).length;
    expect(alive).toBe(0);
    // What it holds is still answered: the newest 100 revisions.
    expect(history.since(900)).toHaveLength(100);
    expect(history.since(899)).toBeNull();
  });

  it('weighs the values an update replaced as well as the new ones', () => {
    const text = (c: string): string => c.repeat(10_000);
    const props = { controlType: 'Document', name: '', value: text('a') } as BackendProps;
    const changed = mergeProps(props, { value: text('b') }, false);
    if (changed === null) throw new Error('the value changed');
    const history = new PatchHistory(1_000);
    history.push({ revision: 1, patches: [{ op: 'update', ref: 'e1', props: changed }] });
    // The old text stays reachable from the patch (the event log's `from`): 20 KB held.
    expect(history.heldBytes).toBeGreaterThanOrEqual(20_000);
  });

  it('stays within its byte bound when the replaced values are counted', () => {
    const history = new PatchHistory(1_000, 0, 64 * 1024);
    const props = { controlType: 'Document', name: '', value: '' } as BackendProps;
    for (let rev = 1; rev <= 100; rev++) {
      const changed = mergeProps(props, { value: String(rev).padEnd(4_000, '.') }, false);
      if (changed === null) throw new Error('the value changed');
      history.push({ revision: rev, patches: [{ op: 'update', ref: 'e1', props: changed }] });
    }
    expect(history.heldBytes).toBeLessThanOrEqual(64 * 1024);
    // About 8 KB a batch (new and old text): 8 of them fit, not the 16 the new text alone would.
    expect(history.since(92)).toHaveLength(8);
    expect(history.since(91)).toBeNull();
  });
});
