/**
 * Which windows belong to apps on the deny list (`--deny-app`), as the cache shows them. A
 * window's ref and its element's ref are remembered after it closes (refs are never reused),
 * so the close of a denied window and the removal of its subtree stay hidden too.
 */
import type { UiCache } from '../cache/api.js';
import { UiError } from '../errors.js';
import type { AccessPolicy } from './access.js';

/** Who an element or window belongs to, as far as the cache tells. */
export interface Owned {
  window: string | null;
  app?: string | undefined;
  pid?: number | undefined;
}

/** Denied windows remembered at most (the oldest are forgotten first). */
const REMEMBERED = 10_000;

export class DeniedWindows {
  /** Window refs (w3) of denied apps. */
  private readonly windows = new Set<string>();
  /** Element refs of those windows (the desktop's children). */
  private readonly tops = new Set<string>();
  private syncedAt = -1;

  constructor(
    private readonly cache: UiCache,
    private readonly policy: AccessPolicy,
  ) {}

  /** True when an app name or pid is on the deny list (the policy decides). */
  matches(app: string | undefined, pid: number | undefined): boolean {
    return this.policy.deniesApp(app, pid);
  }

  /** Learn the denied windows of the cache's current revision (cheap when nothing changed). */
  sync(): void {
    const revision = this.cache.revision;
    if (revision === this.syncedAt) return;
    this.syncedAt = revision;
    for (const w of this.cache.windowsList({ includeMinimized: true }).windows) {
      if (this.matches(w.app, w.pid) && !this.windows.has(w.ref)) this.remember(w.ref, w.element);
    }
  }

  private remember(window: string, element: string): void {
    this.windows.add(window);
    this.tops.add(element);
    forgetOldest(this.windows);
    forgetOldest(this.tops);
  }

  /** True for a window ref of a denied app. */
  hides(window: string | null): boolean {
    if (window === null) return false;
    this.sync();
    return this.windows.has(window);
  }

  /** A predicate for scans: synced once, then a set lookup per node. */
  predicate(): (window: string | null) => boolean {
    this.sync();
    const windows = this.windows;
    return (window) => window !== null && windows.has(window);
  }

  /** True for the element of a denied window (a child of the desktop), alive or gone. */
  isTop(ref: string): boolean {
    this.sync();
    return this.tops.has(ref);
  }

  /** True for an element that lies in a denied window or belongs to a denied app. */
  hidesElement(el: Owned): boolean {
    return this.hides(el.window) || this.matches(el.app, el.pid);
  }

  /** True for a ref (element or window) the cache places in a denied window. */
  hidesRef(ref: string): boolean {
    if (/^w\d+$/.test(ref)) return this.hides(ref);
    if (this.isTop(ref)) return true;
    const node = this.cache.node(ref);
    return node !== undefined && this.hidesElement(node);
  }

  /** The typed refusal for a read that names something of a denied app. */
  error(what: string, details: Record<string, unknown>): UiError {
    return new UiError('denied', `${what} belongs to an app on this server's deny list`, {
      details,
    });
  }
}

function forgetOldest(set: Set<string>): void {
  if (set.size <= REMEMBERED) return;
  const oldest = set.values().next();
  if (oldest.done !== true) set.delete(oldest.value);
}
