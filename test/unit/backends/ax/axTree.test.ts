/** Reads through the fake AX surface: props, identity, caps, removals, ownership. */
import { describe, expect, it } from 'vitest';
import type { BackendNode } from '../../../../src/backends/backend.js';
import { DEFAULT_CAPS } from '../../../../src/backends/ax/axTree.js';
import { isUiError } from '../../../../src/errors.js';
import { FakeAxSurface } from './fakeAx.js';
import { FAR, calculator, startHost, textEdit } from './axHarness.js';

const fetch = async (
  run: Awaited<ReturnType<typeof startHost>>,
  id: string,
  maxDepth: number | null = null,
) => (await run.host.call('fetchSubtree', { id, maxDepth }, FAR)) as BackendNode[];

const byName = (nodes: BackendNode[], name: string) => nodes.find((n) => n.props.name === name);

describe('AX host reads (fake surface)', () => {
  it('maps roles, names, values, states and patterns of a window', async () => {
    const surface = new FakeAxSurface();
    textEdit(surface);
    const run = await startHost(surface);
    const nodes = await fetch(run, 'desktop');
    expect(nodes[0]?.id).toBe('desktop');
    const win = byName(nodes, 'Untitled');
    expect(win?.parentId).toBe('desktop');
    expect(win?.props).toMatchObject({ controlType: 'Window', app: 'TextEdit', pid: 501 });
    expect(win?.props.rect).toEqual({ x: 100, y: 80, width: 600, height: 400 });
    const area = nodes.find((n) => n.props.automationId === 'body');
    expect(area?.props).toMatchObject({ controlType: 'Document', value: 'hello' });
    expect(area?.props.patterns).toContain('Value');
    expect(byName(nodes, 'Wrap')?.props.states).toEqual(['enabled', 'checked']);
    expect(byName(nodes, 'Wrap')?.props.patterns).toEqual(['Invoke', 'Toggle']);
    // Static text names itself by its value; a subrole refines a role.
    expect(byName(nodes, 'Status: ready')?.props.controlType).toBe('Text');
    expect(
      nodes.find((n) => n.props.className === 'AXButton/AXCloseButton')?.props.controlType,
    ).toBe('Button');
  });

  it('keeps one id per element across reads, by CFHash bucket and CFEqual, and releases duplicates', async () => {
    const surface = new FakeAxSurface();
    textEdit(surface);
    calculator(surface);
    const run = await startHost(surface);
    const first = await fetch(run, 'desktop');
    const live = surface.liveRefs;
    const second = await fetch(run, 'desktop');
    expect(second.map((n) => n.id)).toEqual(first.map((n) => n.id));
    // The fake's CFHash collides every 7 uids: distinct elements still got distinct ids.
    expect(new Set(first.map((n) => n.id)).size).toBe(first.length);
    expect(surface.liveRefs).toBe(live);
  });

  it('caps depth, nodes and children, reading children in ranges', async () => {
    const surface = new FakeAxSurface();
    const rows = Array.from({ length: 25 }, (_, i) => ({ role: 'AXRow', title: `row ${i}` }));
    surface.addApp(600, 'Big', null, [
      { role: 'AXWindow', title: 'Big', children: [{ role: 'AXTable', children: rows }] },
    ]);
    const caps = { ...DEFAULT_CAPS, maxChildren: 12, childBatch: 5, maxNodes: 1_000 };
    const run = await startHost(surface, { caps });
    const all = await fetch(run, 'desktop');
    const table = all.find((n) => n.props.controlType === 'Table');
    expect(table?.children).toHaveLength(12);
    expect(
      surface.calls.filter((c) => c.startsWith('CopyAttributeValues(AXChildren')).slice(-3),
    ).toEqual([
      'CopyAttributeValues(AXChildren,0,5)',
      'CopyAttributeValues(AXChildren,5,5)',
      'CopyAttributeValues(AXChildren,10,2)',
    ]);
    const shallow = await fetch(run, 'desktop', 1);
    expect(shallow.map((n) => n.props.controlType)).toEqual(['Pane', 'Window']);
    expect(shallow[1]?.children).toHaveLength(1); // listed at the limit, not returned
    const few = await startHost(surface, { caps: { ...caps, maxNodes: 3 } });
    expect(await fetch(few, 'desktop')).toHaveLength(3);
  });

  it('drops a child gone while reading (kAXErrorInvalidUIElement) and answers element_stale for a gone root', async () => {
    const surface = new FakeAxSurface();
    const app = textEdit(surface);
    const run = await startHost(surface);
    const nodes = await fetch(run, 'desktop');
    const win = byName(nodes, 'Untitled');
    const box = byName(nodes, 'Wrap');
    app.windows[0]?.find((e) => e.spec.title === 'Wrap')?.kill();
    const again = await fetch(run, win?.id ?? '');
    expect(again.some((n) => n.id === box?.id)).toBe(false);
    expect(again[0]?.children).not.toContain(box?.id);
    app.windows[0]?.kill();
    const err = await run.host
      .call('fetchSubtree', { id: win?.id, maxDepth: null }, FAR)
      .catch((e: unknown) => e);
    expect(isUiError(err) && err.code).toBe('element_stale');
  });

  it('tolerates missing attributes and passes deadlines as timeouts', async () => {
    const surface = new FakeAxSurface();
    surface.addApp(700, 'Bare', null, [{ role: 'AXWindow', children: [{ role: 'AXUnknown' }] }]);
    const run = await startHost(surface);
    const nodes = await fetch(run, 'desktop');
    expect(nodes.at(-1)?.props).toMatchObject({ controlType: 'Custom', name: '', rect: null });
    const late = await run.host
      .call('fetchSubtree', { id: 'desktop', maxDepth: null }, Date.now() - 1)
      .catch((e: unknown) => e);
    expect(isUiError(late) && late.code).toBe('timeout');
  });

  it('releases every ref it took once shut down', async () => {
    const surface = new FakeAxSurface();
    textEdit(surface);
    calculator(surface);
    const run = await startHost(surface);
    await fetch(run, 'desktop');
    await run.host.call('listWindows', {}, FAR);
    expect(surface.liveRefs).toBeGreaterThan(0);
    run.host.shutdown();
    expect(surface.liveRefs).toBe(0);
  });
});
