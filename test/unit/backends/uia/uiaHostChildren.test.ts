/**
 * Live child navigation for runtimes without cached children: the TreeWalker where the runtime
 * navigates, child windows by handle where it answers E_NOTIMPL (Wine's HWND provider), and
 * nothing invented for an element without a window.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotSupportedError } from '../../../../src/errors.js';
import type { Automation } from '../../../../src/backends/uia/uiaAutomation.js';
import { PROP } from '../../../../src/backends/uia/uiaConstants.js';
import { navigateChildren } from '../../../../src/backends/uia/uiaHostChildren.js';

const world = vi.hoisted(() => ({
  /** Walker navigation: element -> its children, or 'notimpl'. */
  tree: new Map<bigint, bigint[] | 'notimpl'>(),
  hwndOf: new Map<bigint, number>(),
  childWindows: new Map<bigint, bigint[]>(),
  requestedMax: 0,
}));

function siblingsOf(el: bigint): bigint[] | undefined {
  for (const kids of world.tree.values()) if (kids !== 'notimpl' && kids.includes(el)) return kids;
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
  },
  element: {
    property: (el: bigint, id: number) =>
      id === PROP.NativeWindowHandle ? (world.hwndOf.get(el) ?? 0) : null,
  },
}));
vi.mock('../../../../src/backends/uia/uiaWin32.js', () => ({
  childWindows: (parent: bigint, max: number) => {
    world.requestedMax = max;
    return world.childWindows.get(parent) ?? [];
  },
}));

/** Elements of child windows are 0x1000 + hwnd, so the test can tell where they came from. */
const automation = {
  fromHandle: (hwnd: bigint) => Promise.resolve(0x1000n + hwnd),
} as unknown as Automation;

beforeEach(() => {
  world.tree.clear();
  world.hwndOf.clear();
  world.childWindows.clear();
});

describe('live child navigation', () => {
  it('walks the TreeWalker where the runtime navigates', async () => {
    world.tree.set(10n, [11n, 12n, 13n]);
    expect(await navigateChildren(automation, 1n, 10n)).toEqual([11n, 12n, 13n]);
  });

  it('falls back to child windows by handle where navigation is not implemented', async () => {
    world.tree.set(10n, 'notimpl');
    world.hwndOf.set(10n, 0x50);
    world.childWindows.set(0x50n, [0x51n, 0x52n]);
    expect(await navigateChildren(automation, 1n, 10n)).toEqual([0x1051n, 0x1052n]);
    expect(world.requestedMax).toBeGreaterThan(0);
  });

  it('finds no children for a windowless element the runtime cannot navigate', async () => {
    world.tree.set(10n, 'notimpl');
    expect(await navigateChildren(automation, 1n, 10n)).toEqual([]);
  });
});
