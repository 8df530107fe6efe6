/** The host's table of element pointers it holds, by BackendId (the COM references it owns). */
import type { BackendId } from '../backend.js';
import { release, type Ptr } from './uiaCom.js';

/** Elements the host has seen, by id: owned pointers, oldest evicted (and released) first. */
export class ElementTable {
  private readonly map = new Map<BackendId, { el: Ptr; parent: BackendId | null }>();
  constructor(private readonly capacity = 20_000) {}

  /** Store an owned pointer (replacing and releasing an older one for the same id). */
  put(id: BackendId, el: Ptr, parent?: BackendId | null): void {
    const old = this.map.get(id);
    if (old !== undefined && old.el !== el) release(old.el);
    this.map.delete(id);
    this.map.set(id, { el, parent: parent === undefined ? (old?.parent ?? null) : parent });
    if (this.map.size > this.capacity) {
      const [oldestId, oldest] = this.map.entries().next().value as [BackendId, { el: Ptr }];
      this.map.delete(oldestId);
      release(oldest.el);
    }
  }

  /** Forget an element (a closed window), releasing its pointer. */
  delete(id: BackendId): void {
    const entry = this.map.get(id);
    if (entry === undefined) return;
    this.map.delete(id);
    release(entry.el);
  }

  get(id: BackendId): Ptr | undefined {
    return this.map.get(id)?.el;
  }

  /** The parent id seen when the element was last read (null when unknown). */
  parentOf(id: BackendId): BackendId | null {
    return this.map.get(id)?.parent ?? null;
  }

  get size(): number {
    return this.map.size;
  }
}
