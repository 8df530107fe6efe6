/**
 * Live child navigation for runtimes without cached children: the TreeWalker where the runtime
 * navigates, from the last child backwards where only the first child is not implemented
 * (Wine's HWND provider), child windows by handle where neither works, nothing invented for an
 * element without a window; every path capped, saying when more were left.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotSupportedError } from '../../../../src/errors.js';
import type { Automation } from '../../../../src/backends/uia/uiaAutomation.js';
import { PROP } from '../../../../src/backends/uia/uiaConstants.js';
import {
  LIVE_MAX_CHILDREN,
  MAX_CHILDREN,
  childCap,
  navigateChildren,
} from '../../../../src/backends/uia/uiaHostChildren.js';

const world = vi.hoisted(() => ({
  /** Walker navigation: element -> its children, or 'notimpl'. */
  tree: new Map<bigint, bigint[] | 'notimpl'>(),
  /** Backward navigation where forward is 'notimpl': element -> its children. */
  backwards: new Map<bigint, bigint[]>(),
  released: [] as bigint[],
  hwndOf: new Map<bigint, number>(),
  childWindows: new Map<bigint, bigint[]>(),
  requestedMax: 0,
}));

function siblingsOf(el: bigint): bigint[] | undefined {
  for (const kids of [...world.tree.values(), ...world.backwards.values()])
    if (kids !== 'notimpl' && kids.includes(el)) return kids;
  return undefined;
}

vi.mock('../../../../src/backends/uia/uiaElement.js', () => ({
  walker: {
    firstChild: (_w: bigint, el: bigint) => {
      const kids = world.tree.get(el);
      if (kids === 'notimpl') return Promise.reject(new NotSupportedError('E_NOTIMPL'));
      return Promise.resolve(kids?.[0] ?? 0n);
    },
    nextSibling: (_w: bigint, el: bigint) => {
      const kids = siblingsOf(el) ?? [];
      return Promise.resolve(kids[kids.indexOf(el) + 1] ?? 0n);
    },
    lastChild: (_w: bigint, el: bigint) => {
      const kids = world.backwards.get(el);
      if (kids === undefined) return Promise.reject(new NotSupportedError('E_NOTIMPL'));
      return Promise.resolve(kids[kids.length - 1] ?? 0n);
    },
    previousSibling: (_w: bigint, el: bigint) => {
      const kids = siblingsOf(el) ?? [];
      return Promise.resolve(kids[kids.indexOf(el) - 1] ?? 0n);
    },
  },
  element: {
    property: (el: bigint, id: number) =>
      id === PROP.NativeWindowHandle ? (world.hwndOf.get(el) ?? 0) : null,
  },
}));
vi.mock('../../../../src/backends/uia/uiaCom.js', () => ({
  release: (el: bigint) => world.released.push(el),
}));
vi.mock('../../../../src/backends/uia/uiaWin32.js', () => ({
  childWindows: (parent: bigint, max: number) => {
    world.requestedMax = max;
    return (world.childWindows.get(parent) ?? []).slice(0, max);
  },
}));

/** Elements of child windows are 0x1000 + hwnd, so the test can tell where they came from. */
const RAW_WALKER = 2n;
const automation = {
  fromHandle: (hwnd: bigint) => Promise.resolve(0x1000n + hwnd),
  rawViewWalker: () => RAW_WALKER,
  missing: new Set<string>(),
} as unknown as Automation;

const range = (from: number, count: number): bigint[] =>
  Array.from({ length: count }, (_, i) => BigInt(from + i));

beforeEach(() => {
  world.tree.clear();
  world.backwards.clear();
  world.released.length = 0;
  world.hwndOf.clear();
  world.childWindows.clear();
});

describe('live child navigation', () => {
  it('walks the TreeWalker where the runtime navigates', async () => {
    world.tree.set(10n, [11n, 12n, 13n]);
    expect(await navigateChildren(automation, 1n, 10n)).toEqual({
      elements: [11n, 12n, 13n],
      hasMore: false,
    });
  });

  it('stops at the cap, releases the first child left out and says more exist', async () => {
    world.tree.set(10n, range(100, 10_000));
    const read = await navigateChildren(automation, 1n, 10n, 3);
    expect(read).toEqual({ elements: [100n, 101n, 102n], hasMore: true });
    expect(world.released).toEqual([103n]);
  });

  it('reads from the last child backwards where the first child is not implemented', async () => {
    world.tree.set(10n, 'notimpl');
    world.backwards.set(10n, range(200, 10));
    world.hwndOf.set(10n, 0x50);
    world.childWindows.set(0x50n, [0x51n]);
    expect(await navigateChildren(automation, 1n, 10n)).toEqual({
      elements: range(200, 10),
      hasMore: false,
    });
  });

  it('keeps the last children, in order, when the backward read reaches its cap', async () => {
    world.tree.set(10n, 'notimpl');
    world.backwards.set(10n, range(200, 10_000));
    const read = await navigateChildren(automation, 1n, 10n, 3);
    expect(read).toEqual({ elements: [10_197n, 10_198n, 10_199n], hasMore: true });
    expect(world.released).toEqual([10_196n, RAW_WALKER]);
  });

  it('falls back to child windows by handle where navigation is not implemented', async () => {
    world.tree.set(10n, 'notimpl');
    world.hwndOf.set(10n, 0x50);
    world.childWindows.set(0x50n, [0x51n, 0x52n]);
    expect(await navigateChildren(automation, 1n, 10n)).toEqual({
      elements: [0x1051n, 0x1052n],
      hasMore: false,
    });
    expect(world.requestedMax).toBeGreaterThan(0);
  });

  it('caps child windows at their own bound, not the navigation cap', async () => {
    world.tree.set(10n, 'notimpl');
    world.hwndOf.set(10n, 0x50);
    world.childWindows.set(0x50n, range(0x51, 600));
    const read = await navigateChildren(automation, 1n, 10n, 2);
    expect(read.elements).toHaveLength(500);
    expect(read.hasMore).toBe(true);
  });

  it('finds no children for a windowless element the runtime cannot navigate', async () => {
    world.tree.set(10n, 'notimpl');
    expect(await navigateChildren(automation, 1n, 10n)).toEqual({ elements: [], hasMore: false });
  });

  it('caps live reads lower than cached ones, the same for fetch and walk', async () => {
    expect(childCap(automation)).toBe(MAX_CHILDREN);
    const live = { ...automation, missing: new Set(['CacheRequest::put_TreeScope']) };
    expect(childCap(live as unknown as Automation)).toBe(LIVE_MAX_CHILDREN);
    world.tree.set(10n, range(100, 10_000));
    const read = await navigateChildren(live as unknown as Automation, 1n, 10n);
    expect(read.elements).toHaveLength(LIVE_MAX_CHILDREN);
    expect(read.hasMore).toBe(true);
  });
});
