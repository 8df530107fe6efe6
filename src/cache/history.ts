/**
 * A bounded history of patch batches by revision, for `since` snapshots. It keeps at most
 * `limit` patches; asking for a revision older than what it holds answers null (the caller
 * turns that into cursor_expired).
 */
import type { Patch, PatchBatch } from '../../protocol/src/index.js';

export class PatchHistory {
  private readonly batches: PatchBatch[] = [];
  private head = 0;
  private patchCount = 0;
  /** Oldest revision whose successors are all held. */
  private floor: number;

  constructor(
    private readonly limit: number,
    startRevision = 0,
  ) {
    this.floor = startRevision;
  }

  push(batch: PatchBatch): void {
    this.batches.push(batch);
    this.patchCount += batch.patches.length;
    while (this.patchCount > this.limit && this.head < this.batches.length - 1) {
      const dropped = this.batches[this.head++] as PatchBatch;
      this.patchCount -= dropped.patches.length;
      this.floor = dropped.revision;
    }
    if (this.head > 1024 && this.head * 2 > this.batches.length) {
      this.batches.splice(0, this.head);
      this.head = 0;
    }
  }

  /** Every patch after `revision` in order, or null when that far back is no longer held. */
  since(revision: number): Patch[] | null {
    if (revision < this.floor) return null;
    const out: Patch[] = [];
    for (let i = this.head; i < this.batches.length; i++) {
      const b = this.batches[i] as PatchBatch;
      if (b.revision > revision) out.push(...b.patches);
    }
    return out;
  }
}
