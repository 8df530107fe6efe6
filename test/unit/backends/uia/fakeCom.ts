/**
 * A fake COM world for host unit tests on Linux: elements behind fake pointers with RuntimeIds,
 * properties and children, reference counts, and elements that vanish (every call answers
 * element_stale except GetRuntimeId, as a closed window's element does). Installed with vi.mock
 * over uiaElement, uiaCom and uiaWin32 by the tests that use it.
 */
import { ElementStaleError } from '../../../../src/errors.js';
import { PROP } from '../../../../src/backends/uia/uiaConstants.js';
import type { RawValue } from '../../../../src/backends/uia/uiaConvert.js';

export interface FakeElement {
  runtimeId: number[];
  props: Map<number, RawValue>;
  children: FakeElement[];
  /** Gone: every call but GetRuntimeId answers element_stale. */
  stale?: boolean;
  /** Nothing cached (a runtime that ignores the CacheRequest). */
  uncached?: boolean;
  /** Any call throws this (a failure other than a vanished element). */
  broken?: Error;
}

/** Controls per type, as UIA numbers them. */
export const CONTROL = { Button: 50000, Window: 50032, Pane: 50033 } as const;

export function fakeElement(
  runtimeId: number[],
  type: keyof typeof CONTROL,
  name: string,
  extra: Record<number, RawValue> = {},
  children: FakeElement[] = [],
): FakeElement {
  const props = new Map<number, RawValue>([
    [PROP.RuntimeId, runtimeId],
    [PROP.ControlType, CONTROL[type]],
    [PROP.Name, name],
    [PROP.IsEnabled, true],
  ]);
  for (const [id, value] of Object.entries(extra)) props.set(Number(id), value);
  return { runtimeId, props, children };
}

/** Pointers to fake elements, with the references each pointer holds. */
export class FakeCom {
  private readonly byPtr = new Map<bigint, FakeElement>();
  readonly refs = new Map<bigint, number>();
  private next = 0x1000n;

  /** A new owned pointer to `el` (refcount 1). */
  own(el: FakeElement): bigint {
    const ptr = this.next++;
    this.byPtr.set(ptr, el);
    this.refs.set(ptr, 1);
    return ptr;
  }

  el(ptr: bigint): FakeElement {
    const el = this.byPtr.get(ptr);
    if (el === undefined) throw new Error(`unknown pointer ${ptr}`);
    return el;
  }

  addRef(ptr: bigint): void {
    this.refs.set(ptr, (this.refs.get(ptr) ?? 0) + 1);
  }

  release(ptr: bigint): void {
    const left = (this.refs.get(ptr) ?? 0) - 1;
    if (left < 0) throw new Error(`pointer ${ptr} released more than it was held`);
    this.refs.set(ptr, left);
  }

  /** Pointers still holding a reference. */
  held(): bigint[] {
    return [...this.refs].filter(([, n]) => n > 0).map(([p]) => p);
  }

  private live(ptr: bigint): FakeElement {
    const el = this.el(ptr);
    if (el.broken) throw el.broken;
    if (el.stale) throw new ElementStaleError('UIA_E_ELEMENTNOTAVAILABLE');
    return el;
  }

  /** The uiaElement module as the host uses it. */
  readonly element = {
    property: (ptr: bigint, id: number, cached: boolean): RawValue => {
      const el = this.live(ptr);
      if (cached && el.uncached) throw new Error('not cached');
      return el.props.get(id) ?? null;
    },
    runtimeId: (ptr: bigint): number[] => this.el(ptr).runtimeId,
    buildUpdatedCache: (ptr: bigint): Promise<bigint> => {
      try {
        return Promise.resolve(this.own(this.live(ptr)));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    },
    cachedChildren: (ptr: bigint): bigint[] => this.live(ptr).children.map((c) => this.own(c)),
  };
}
