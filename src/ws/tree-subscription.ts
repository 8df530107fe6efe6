/**
 * One `tree.subscribe` mirror on one connection: it tracks which refs (and at what depth)
 * belong to the mirrored subtree and forwards only the patches touching them. Patches are
 * coalesced while the connection is congested; past the byte cap the mirror is abandoned with
 * `tree.resync` (the client subscribes again for a fresh copy) instead of silently diverging.
 */
import type { ElementNode, Patch, PatchBatch } from '../../protocol/src/index.js';
import { frameBytes } from './send-queue.js';
import { HeldSubscription } from './held-subscription.js';
import type { Outbox } from './outbox.js';

export class TreeSubscription extends HeldSubscription<Patch> {
  private readonly depthOf = new Map<string, number>();
  private revision: number;
  /** Set once the mirror was abandoned; the session drops the subscription after telling. */
  resyncReason: string | null = null;
  resyncSent = false;

  constructor(
    readonly id: string,
    readonly root: string,
    private readonly maxDepth: number,
    nodes: readonly ElementNode[],
    revision: number,
    private readonly desktopRoot: boolean,
    out: Outbox,
  ) {
    super(out);
    this.revision = revision;
    for (const node of nodes) {
      const parentDepth = node.parent === null ? undefined : this.depthOf.get(node.parent);
      this.depthOf.set(node.ref, parentDepth === undefined ? 0 : parentDepth + 1);
    }
  }

  /** Take the patches of one batch that touch this subtree. */
  push(batch: PatchBatch): void {
    if (this.resyncReason !== null || batch.revision <= this.revision) return;
    this.revision = batch.revision;
    const mine: Patch[] = [];
    for (const patch of batch.patches) this.select(patch, mine);
    if (mine.length === 0) return;
    this.pending.push(...mine);
    this.pendingBytes += JSON.stringify(mine).length;
    if (this.pending.length > mine.length && this.out.overCap) {
      this.abandon('send queue full: the client reads too slowly');
    }
  }

  private select(patch: Patch, mine: Patch[]): void {
    switch (patch.op) {
      case 'add':
        this.selectAdd(patch, mine);
        return;
      case 'remove': {
        if (this.depthOf.has(patch.ref)) {
          for (const ref of patch.refs) this.depthOf.delete(ref);
          mine.push(patch);
          if (patch.ref === this.root) this.abandon('the mirrored root was removed');
        }
        return;
      }
      case 'reorder':
        if (this.depthOf.has(patch.parent)) mine.push(patch);
        return;
      case 'update':
        if (this.depthOf.has(patch.ref)) mine.push(patch);
        return;
      case 'focus':
        if (patch.ref !== null && this.depthOf.has(patch.ref)) mine.push(patch);
        else if (patch.previous !== null && this.depthOf.has(patch.previous)) mine.push(patch);
        return;
      default:
        // window.opened / closed / activated: desktop-wide facts.
        if (this.desktopRoot) mine.push(patch);
    }
  }

  /** Children below the depth limit are not mirrored; the parent's childCount update is. */
  private selectAdd(patch: Extract<Patch, { op: 'add' }>, mine: Patch[]): void {
    if (patch.parent === null) return;
    const parentDepth = this.depthOf.get(patch.parent);
    if (parentDepth === undefined || parentDepth >= this.maxDepth) return;
    const kept: ElementNode[] = [];
    for (const node of patch.nodes) {
      const up = node.parent === null ? undefined : this.depthOf.get(node.parent);
      if (up === undefined || up >= this.maxDepth) continue;
      this.depthOf.set(node.ref, up + 1);
      kept.push(node);
    }
    if (kept.length > 0) mine.push({ ...patch, nodes: kept });
  }

  private abandon(reason: string): void {
    this.resyncReason = reason;
    this.pending = [];
    this.pendingBytes = 0;
  }

  override flush(): void {
    if (this.held) return;
    const queue = this.out.queue;
    if (this.resyncReason !== null) {
      if (this.resyncSent) return;
      const frame = this.out.notification('tree.resync', {
        subscription: this.id,
        reason: this.resyncReason,
      });
      this.resyncSent = queue.offer(frame);
      return;
    }
    if (this.pending.length === 0 || queue.congested) return;
    const frame = this.out.notification('tree.patch', {
      subscription: this.id,
      revision: this.revision,
      patches: this.pending,
    });
    if (!queue.offer(frame, frameBytes(frame))) {
      this.abandon('send queue full: the client reads too slowly');
      this.flush();
      return;
    }
    this.pending = [];
    this.pendingBytes = 0;
  }

  get hasPending(): boolean {
    return this.pending.length > 0 || (this.resyncReason !== null && !this.resyncSent);
  }
}
