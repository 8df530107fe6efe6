/**
 * The host's bulk fetch over a fake COM world: a descendant that vanishes mid-fetch is left out
 * instead of failing the fetch, no pointer leaks on any path (stale child, failed fetch), and a
 * huge container answers its first children and hasMore.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppNames } from '../../../../src/backends/uia/uiaAppNames.js';
import type { Automation } from '../../../../src/backends/uia/uiaAutomation.js';
import { PROP } from '../../../../src/backends/uia/uiaConstants.js';
import { MAX_CHILDREN } from '../../../../src/backends/uia/uiaHostChildren.js';
import { fetchSubtree } from '../../../../src/backends/uia/uiaHostTree.js';
import { ElementTable } from '../../../../src/backends/uia/uiaTable.js';
import type { TreeContext } from '../../../../src/backends/uia/uiaHostTree.js';
import { FakeCom, fakeElement } from './fakeCom.js';

const com = vi.hoisted(() => ({ current: undefined as unknown as FakeCom }));
vi.mock('../../../../src/backends/uia/uiaElement.js', () => ({
  element: new Proxy({}, { get: (_t, key: string) => com.current.element[key as 'runtimeId'] }),
}));
vi.mock('../../../../src/backends/uia/uiaCom.js', () => ({
  addRef: (p: bigint) => com.current.addRef(p),
  release: (p: bigint) => com.current.release(p),
}));
vi.mock('../../../../src/backends/uia/uiaWin32.js', () => ({
  foregroundWindow: () => 0n,
  topLevelWindows: () => [],
  isWindow: () => true,
  wakeAccessibility: () => undefined,
}));

function context(root: bigint): TreeContext {
  return {
    automation: { missing: new Set<string>() } as unknown as Automation,
    root,
    rootKey: '1',
    table: new ElementTable(),
    subtreeRequest: 1n,
    childrenRequest: 2n,
    elementRequest: 3n,
    appNames: new AppNames({ startTime: () => 1, name: () => 'formapp' }),
    woken: new Set(),
  };
}

/** desktop > window (pid 40) > [tooltip, OK button]. */
function desktop() {
  const tooltip = fakeElement([0x2a, 0x11], 'Pane', 'closing tooltip');
  const ok = fakeElement([0x2a, 0x12], 'Button', 'OK');
  const win = fakeElement([0x2a, 0x10], 'Window', 'Form', { [PROP.ProcessId]: 40 }, [tooltip, ok]);
  const root = fakeElement([1], 'Pane', 'Desktop', {}, [win]);
  return { root, win, tooltip, ok };
}

beforeEach(() => {
  com.current = new FakeCom();
});

describe('UIA host bulk fetch', () => {
  it('leaves out a child that vanished while it was read and fetches the rest', async () => {
    const d = desktop();
    d.tooltip.stale = true;
    const ctx = context(com.current.own(d.root));
    const nodes = await fetchSubtree(ctx, 'desktop', null, Date.now() + 5_000);
    expect(nodes.map((n) => n.id)).toEqual(['desktop', '2a.10', '2a.12']);
    expect(nodes[1]?.children).toEqual(['2a.12']);
    expect(nodes[1]?.props.app).toBe('formapp');
    // Only the table's pointers (and the root the context holds) are still referenced.
    expect(com.current.held().length).toBe(ctx.table.size + 1);
  });

  it('leaves out a vanished child at the depth limit too', async () => {
    const d = desktop();
    d.tooltip.stale = true;
    const ctx = context(com.current.own(d.root));
    const nodes = await fetchSubtree(ctx, 'desktop', 1, Date.now() + 5_000);
    expect(nodes.find((n) => n.id === '2a.10')?.children).toEqual(['2a.12']);
    expect(com.current.held().length).toBe(ctx.table.size + 1);
  });

  it('fails on another error without leaking the children it had not reached', async () => {
    const d = desktop();
    d.tooltip.broken = new Error('provider crashed');
    const ctx = context(com.current.own(d.root));
    await expect(fetchSubtree(ctx, 'desktop', null, Date.now() + 5_000)).rejects.toThrow(
      'provider crashed',
    );
    expect(com.current.held().length).toBe(ctx.table.size + 1);
  });

  it('a vanished start element is element_stale', async () => {
    const d = desktop();
    const ctx = context(com.current.own(d.root));
    await fetchSubtree(ctx, 'desktop', null, Date.now() + 5_000);
    d.win.stale = true;
    await expect(fetchSubtree(ctx, '2a.10', null, Date.now() + 5_000)).rejects.toMatchObject({
      code: 'element_stale',
    });
  });

  it('caps a huge container but keeps its rows on screen, says more exist, leaks nothing', async () => {
    // Rows past the cap are off screen but two, as in a list scrolled far down.
    const shown = new Set([MAX_CHILDREN + 10, MAX_CHILDREN + 11]);
    const rows = Array.from({ length: MAX_CHILDREN + 20 }, (_, i) =>
      fakeElement([0x2a, 0x20, i], 'Pane', `Row ${i}`, { [PROP.IsOffscreen]: !shown.has(i) }),
    );
    const list = fakeElement([0x2a, 0x20], 'Pane', 'rows', {}, rows);
    const win = fakeElement([0x2a, 0x10], 'Window', 'Form', { [PROP.ProcessId]: 40 }, [list]);
    const root = fakeElement([1], 'Pane', 'Desktop', {}, [win]);
    const ctx = context(com.current.own(root));
    const nodes = await fetchSubtree(ctx, 'desktop', null, Date.now() + 5_000);
    const read = nodes.find((n) => n.id === '2a.20');
    expect(read?.children).toHaveLength(MAX_CHILDREN + 2);
    expect(read?.children[0]).toBe('2a.20.0');
    expect(read?.children.slice(-2)).toEqual([...shown].map((i) => `2a.20.${i.toString(16)}`));
    expect(read?.hasMore).toBe(true);
    expect(nodes.find((n) => n.id === '2a.10')?.hasMore).toBeUndefined();
    expect(com.current.held().length).toBe(ctx.table.size + 1);
  });
});
