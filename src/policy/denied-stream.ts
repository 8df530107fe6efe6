/**
 * The event log and the patch stream with denied apps left out: events about their windows
 * and elements are dropped (focus moving into one reads as focus moving to nothing visible),
 * and tree patches are rewritten so a mirror of the desktop holds only the allowed windows
 * (the desktop's child count and child order leave the denied windows out).
 */
import { filter, map, type Observable } from 'rxjs';
import type { ElementNode, Patch, PatchBatch, UiEvent } from '../../protocol/src/index.js';
import type { EventLog, EventReadParams, UiCache } from '../cache/api.js';
import type { DeniedWindows } from './denied-windows.js';

/** The event as a client of the filtered view sees it, or null when it is all hidden. */
export function visibleEvent(e: UiEvent, denied: DeniedWindows): UiEvent | null {
  switch (e.type) {
    case 'focus.changed': {
      const hideElement = e.element !== null && denied.hidesElement(e.element);
      const hidePrevious = e.previous !== null && denied.hidesRef(e.previous);
      if (!hideElement && !hidePrevious) return e;
      if (hideElement && (e.previous === null || hidePrevious)) return null;
      return {
        ...e,
        element: hideElement ? null : e.element,
        previous: hidePrevious ? null : e.previous,
      };
    }
    case 'window.opened':
      return denied.hides(e.window.ref) || denied.matches(e.window.app, e.window.pid) ? null : e;
    case 'window.closed':
    case 'window.activated':
      return denied.hides(e.window) ? null : e;
    case 'structure.changed': {
      if (denied.hides(e.window)) return null;
      if (e.window !== null) return e;
      const added = e.added.filter((r) => !denied.isTop(r));
      const removed = e.removed.filter((r) => !denied.isTop(r));
      if (added.length === e.added.length && removed.length === e.removed.length) return e;
      return added.length + removed.length === 0 ? null : { ...e, added, removed };
    }
    case 'property.changed':
    case 'text.changed':
      return denied.hidesElement(e.element) ? null : e;
    case 'backend.status':
      return e;
    case 'clipboard.changed':
      return denied.matches(e.owner?.app, e.owner?.pid) ? null : e;
  }
}

/** The event log seen through the deny list: the same seqs, hidden events skipped. */
export class DeniedEventLog implements EventLog {
  readonly events$: Observable<UiEvent>;

  constructor(
    private readonly inner: EventLog,
    private readonly denied: DeniedWindows,
  ) {
    this.events$ = inner.events$.pipe(
      map((e) => visibleEvent(e, denied)),
      filter((e): e is UiEvent => e !== null),
    );
  }

  get seq(): number {
    return this.inner.seq;
  }

  get oldestSeq(): number {
    return this.inner.oldestSeq;
  }

  /** A page may hold fewer than `limit` events (hidden ones are skipped); the cursor is exact. */
  read(p: EventReadParams): { events: UiEvent[]; cursor: number; hasMore: boolean } {
    const page = this.inner.read(p);
    const events: UiEvent[] = [];
    for (const e of page.events) {
      const shown = visibleEvent(e, this.denied);
      if (shown !== null) events.push(shown);
    }
    return { ...page, events };
  }
}

/** The desktop's children as the cache holds them now (empty before the first sync). */
function desktopChildren(cache: UiCache, desktop: string): ElementNode[] {
  return cache.subtree(desktop, 1).nodes.slice(1);
}

/** Rewrites one batch's patches for the filtered view; lazily reads the desktop's children. */
class BatchFilter {
  private kids: ElementNode[] | undefined;

  constructor(
    private readonly cache: UiCache,
    private readonly denied: DeniedWindows,
    private readonly desktop: string | null,
  ) {}

  /** Denied windows among the desktop's current children before `ref` (all of them without). */
  private hiddenBefore(ref?: string): number {
    if (this.desktop === null) return 0;
    this.kids ??= desktopChildren(this.cache, this.desktop);
    const end = ref === undefined ? -1 : this.kids.findIndex((k) => k.ref === ref);
    const before = end < 0 ? this.kids : this.kids.slice(0, end);
    return before.filter((k) => this.denied.hidesElement(k)).length;
  }

  patch(p: Patch): Patch | null {
    const { denied, desktop } = this;
    switch (p.op) {
      case 'add': {
        const first = p.nodes[0];
        if (first !== undefined && denied.hidesElement(first)) return null;
        if (first === undefined || p.parent !== desktop) return p;
        return { ...p, index: Math.max(0, p.index - this.hiddenBefore(first.ref)) };
      }
      case 'remove':
        if (denied.isTop(p.ref)) return null;
        return p.parent !== null && denied.hidesRef(p.parent) ? null : p;
      case 'reorder':
        if (denied.hidesRef(p.parent)) return null;
        if (p.parent !== desktop) return p;
        return { ...p, children: p.children.filter((r) => !denied.isTop(r)) };
      case 'update': {
        if (denied.hidesRef(p.ref)) return null;
        const count = p.props.childCount;
        if (p.ref !== desktop || count === undefined) return p;
        return { ...p, props: { ...p.props, childCount: count - this.hiddenBefore() } };
      }
      case 'focus': {
        const ref = p.ref !== null && denied.hidesRef(p.ref) ? null : p.ref;
        const previous = p.previous !== null && denied.hidesRef(p.previous) ? null : p.previous;
        if (ref === p.ref && previous === p.previous) return p;
        return ref === null && previous === null ? null : { ...p, ref, previous };
      }
      case 'window.opened':
        return denied.hides(p.window.ref) || denied.matches(p.window.app, p.window.pid) ? null : p;
      case 'window.closed':
      case 'window.activated':
        return denied.hides(p.window) ? null : p;
    }
  }
}

/** The patch stream of the filtered view; batches left empty are dropped. */
export function deniedPatches(
  cache: UiCache,
  denied: DeniedWindows,
  desktop: () => string | null,
): Observable<PatchBatch> {
  return cache.patches$.pipe(
    map((batch) => {
      const rewrite = new BatchFilter(cache, denied, desktop());
      const patches: Patch[] = [];
      for (const p of batch.patches) {
        const shown = rewrite.patch(p);
        if (shown !== null) patches.push(shown);
      }
      return patches.length === batch.patches.length ? batch : { ...batch, patches };
    }),
    filter((batch) => batch.patches.length > 0),
  );
}
