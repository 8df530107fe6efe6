/**
 * Tombstones: the last known locator of refs whose element vanished, so a caller holding a
 * stale ref can re-find it. Bounded by count and by approximate bytes, oldest forgotten first:
 * a locator's path grows with the element's depth and names, so a count alone let a busy
 * desktop (rows scrolled away, menus and dialogs closed) hold megabytes before the bound hit.
 */
import type { ElementLocator } from '../../protocol/src/index.js';

/** Tombstones kept for stale refs by default; the oldest are forgotten first. */
export const TOMBSTONE_LIMIT = 20_000;
/** Bytes the tombstones may hold by default (approximate, see locatorBytes). */
export const TOMBSTONE_BYTES = 4 * 1024 * 1024;

/**
 * Approximate heap bytes of one entry: its strings plus a fixed cost per object and per path
 * step (each step is a few concatenated strings). Heap snapshots of a soak put an entry with
 * a five-step path at about 1.2 KB; this estimate lands within a factor of two of that.
 */
export function locatorBytes(loc: ElementLocator): number {
  let n = 240 + loc.controlType.length + loc.name.length;
  n += (loc.window?.length ?? 0) + (loc.automationId?.length ?? 0);
  for (const step of loc.path) n += 112 + step.length;
  return n;
}

export class Tombstones {
  private readonly entries = new Map<string, { locator: ElementLocator; bytes: number }>();
  private bytes = 0;

  constructor(
    /** At most this many entries. */
    public limit = TOMBSTONE_LIMIT,
    /** At most about this many bytes. */
    public maxBytes = TOMBSTONE_BYTES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Approximate bytes held. */
  get heldBytes(): number {
    return this.bytes;
  }

  get(ref: string): ElementLocator | undefined {
    return this.entries.get(ref)?.locator;
  }

  has(ref: string): boolean {
    return this.entries.has(ref);
  }

  /** Refs held, oldest first. */
  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** Remember `ref` as the newest entry, then forget the oldest past either bound. */
  set(ref: string, locator: ElementLocator): void {
    this.delete(ref);
    const bytes = locatorBytes(locator);
    this.entries.set(ref, { locator, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limit && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  delete(ref: string): boolean {
    const entry = this.entries.get(ref);
    if (entry === undefined) return false;
    this.entries.delete(ref);
    this.bytes -= entry.bytes;
    return true;
  }
}
