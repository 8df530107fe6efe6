/**
 * Element identity for the AX host. An AXUIElementRef is a new CF object each time AX hands one
 * out, so refs are never compared by address: equal elements are found by CFHash bucket, then
 * CFEqual. Each known element keeps one owned ref and a short id (`<pid>.<n>`) for its life; a
 * second ref to the same element is released at once. Removal releases what it forgets.
 */
import type { BackendId } from '../backend.js';
import type { AxRef, AxSurface } from './axSurface.js';

export const DESKTOP_ID = 'desktop';

export interface AxEntry {
  ref: AxRef;
  pid: number;
  hash: number;
  parentId: BackendId | null;
}

export class ElementTable {
  private readonly byId = new Map<BackendId, AxEntry>();
  private readonly byHash = new Map<number, BackendId[]>();
  private serial = 0;

  constructor(private readonly surface: AxSurface) {}

  get size(): number {
    return this.byId.size;
  }

  /** The id of an element whose ref the caller owned; the table now owns (or released) it. */
  adopt(ref: AxRef, pid: number, parentId: BackendId | null): BackendId {
    const known = this.find(ref);
    if (known !== undefined) {
      this.surface.release(ref);
      const entry = this.byId.get(known);
      if (entry !== undefined && parentId !== null) entry.parentId = parentId;
      return known;
    }
    const hash = this.surface.hash(ref);
    const id = `${pid}.${++this.serial}`;
    this.byId.set(id, { ref, pid, hash, parentId });
    const bucket = this.byHash.get(hash);
    if (bucket === undefined) this.byHash.set(hash, [id]);
    else bucket.push(id);
    return id;
  }

  /** The id of a known element equal to `ref` (the ref stays the caller's). */
  find(ref: AxRef): BackendId | undefined {
    const bucket = this.byHash.get(this.surface.hash(ref));
    if (bucket === undefined) return undefined;
    return bucket.find((id) => {
      const entry = this.byId.get(id);
      return entry !== undefined && this.surface.equal(entry.ref, ref);
    });
  }

  get(id: BackendId): AxEntry | undefined {
    return this.byId.get(id);
  }

  /** Top-level window ids (parent is the desktop). */
  windows(pid?: number): BackendId[] {
    const out: BackendId[] = [];
    for (const [id, entry] of this.byId)
      if (entry.parentId === DESKTOP_ID && (pid === undefined || entry.pid === pid)) out.push(id);
    return out;
  }

  /** The top-level window an element is under, when its parents are known. */
  windowOf(id: BackendId): BackendId | undefined {
    let current: BackendId | null = id;
    for (let hops = 0; current !== null && hops < 256; hops++) {
      const entry = this.byId.get(current);
      if (entry === undefined) return undefined;
      if (entry.parentId === DESKTOP_ID) return current;
      current = entry.parentId;
    }
    return undefined;
  }

  /** Forget an element and every known element under it, releasing their refs. */
  remove(id: BackendId): BackendId[] {
    if (!this.byId.has(id)) return [];
    const gone = new Set<BackendId>([id]);
    // Children are found by parent links; repeat until no new descendant turns up.
    for (let grew = true; grew;) {
      grew = false;
      for (const [other, entry] of this.byId) {
        if (!gone.has(other) && entry.parentId !== null && gone.has(entry.parentId)) {
          gone.add(other);
          grew = true;
        }
      }
    }
    for (const goneId of gone) this.forget(goneId);
    return [...gone];
  }

  /** Forget everything of one process (it quit). */
  removePid(pid: number): BackendId[] {
    const ids = [...this.byId].filter(([, e]) => e.pid === pid).map(([id]) => id);
    for (const id of ids) this.forget(id);
    return ids;
  }

  clear(): void {
    for (const id of [...this.byId.keys()]) this.forget(id);
  }

  private forget(id: BackendId): void {
    const entry = this.byId.get(id);
    if (entry === undefined) return;
    this.byId.delete(id);
    const bucket = this.byHash.get(entry.hash);
    if (bucket !== undefined) {
      const rest = bucket.filter((other) => other !== id);
      if (rest.length === 0) this.byHash.delete(entry.hash);
      else this.byHash.set(entry.hash, rest);
    }
    this.surface.release(entry.ref);
  }
}
