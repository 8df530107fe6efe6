/** An `add` weighs as many nodes as it carries: the bound is on memory, not on patch count. */
function weight(patches: readonly Patch[]): number {
  let n = 0;
  for (const p of patches) n += p.op === 'add' ? p.nodes.length : 1;
  return n;
}

/** A fixed cost plus the lengths of the object's string values. */
function strings(o: object): number {
  let k = 64;
  for (const v of Object.values(o)) if (typeof v === 'string') k += v.length;
  return k;
}

/** Approximate bytes of a batch: its strings plus a fixed cost per patch and node. */
function bytesOf(patches: readonly Patch[]): number {
  let n = 0;
  for (const p of patches) {
    if (p.op === 'add') for (const node of p.nodes) n += 200 + strings(node);
    // An update's props also hold the values they replaced (for the event log's `from`): a
    // document's value change keeps the old text as well as the new one.
    else if (p.op === 'update') n += strings(p.props) + strings(previousOf(p.props));
    else n += 64;
  }
  return n;
}

/** Dropped slots at the front are compacted away past this many (and past half the array). */
const COMPACT_AT = 64;

/**
 * A bounded history of patch batches by revision, for `since` snapshots. It keeps at most
 * `limit` patches (an add counts its nodes) and about `maxBytes` of them (a value update of a
 * long document weighs its text); asking for a revision older than what it holds answers null
 * (the caller turns that into cursor_expired).
 */
import type { Patch, PatchBatch } from '../../protocol/src/index.js';
import { previousOf } from './props.js';

export class PatchHistory {
  /** Held batches from `head` on; the slots before it are emptied as they are dropped. */
  private readonly batches: (PatchBatch | undefined)[] = [];
  private head = 0;
  private patchCount = 0;
  private bytes = 0;
  private readonly sizes: number[] = [];
  /** Oldest revision whose successors are all held. */
  private floor: number;

  constructor(
    private readonly limit: number,
    startRevision = 0,
    private readonly maxBytes = Infinity,
  ) {
    this.floor = startRevision;
  }

  push(batch: PatchBatch): void {
    const size = weight(batch.patches);
    // Weighed by bytes only when it may be kept: the initial sync of a large window is not.
    const bytes = size > this.limit ? Infinity : bytesOf(batch.patches);
    if (size > this.limit || bytes > this.maxBytes) {
      // Too big to keep (e.g. the initial sync): nothing before it can be answered any more.
      this.batches.length = 0;
      this.sizes.length = 0;
      this.head = 0;
      this.patchCount = 0;
      this.bytes = 0;
      this.floor = batch.revision;
      return;
    }
    this.batches.push(batch);
    this.sizes.push(bytes);
    this.patchCount += size;
    this.bytes += bytes;
    while (
      (this.patchCount > this.limit || this.bytes > this.maxBytes) &&
      this.head < this.batches.length
    ) {
      const dropped = this.batches[this.head] as PatchBatch;
      this.patchCount -= weight(dropped.patches);
      this.bytes -= this.sizes[this.head] ?? 0;
      // Let go of it now: a dropped batch kept in its slot until the next compaction held
      // up to 1,024 batches past both bounds (a 4 MiB sawtooth of live heap under the soak).
      this.batches[this.head] = undefined;
      this.head++;
      this.floor = dropped.revision;
    }
    if (this.head > COMPACT_AT && this.head * 2 > this.batches.length) {
      this.batches.splice(0, this.head);
      this.sizes.splice(0, this.head);
      this.head = 0;
    }
  }

  /** Bytes the held batches take, approximately. */
  get heldBytes(): number {
    return this.bytes;
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
