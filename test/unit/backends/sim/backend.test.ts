import { describe, expect, it } from 'vitest';
import { createSimBackend } from '../../../../src/backends/sim/index.js';
import { aid, centreOf, deadline, node, record, startSim, type, windowTitles } from './helpers.js';

describe('sim backend: lifecycle and identity', () => {
  it('refuses calls before start and after stop, with backend_unavailable', async () => {
    const sim = createSimBackend();
    await expect(sim.fetchSubtree(sim.rootId, deadline())).rejects.toMatchObject({
      code: 'backend_unavailable',
    });
    await sim.start(AbortSignal.timeout(1_000));
    expect((await sim.fetchSubtree(sim.rootId, { ...deadline(), maxDepth: 0 }))[0]?.id).toBe(
      'sim:0',
    );
    await sim.stop();
    await expect(sim.start(AbortSignal.timeout(1_000))).rejects.toMatchObject({
      code: 'backend_unavailable',
    });
  });

  it('gives stable sim:<n> ids, pids and app names, and sane rects inside the screen', async () => {
    const sim = await startSim();
    const nodes = sim.groundTruth();
    expect(nodes.every((n) => /^sim:\d+$/.test(n.id))).toBe(true);
    const windows = nodes.filter((n) => n.parentId === sim.rootId);
    expect(windows.map((w) => w.props.app).sort()).toEqual([
      'busyapp',
      'editor',
      'flakyapp',
      'records',
      'settings',
      'setup',
    ]);
    expect(new Set(windows.map((w) => w.props.pid)).size).toBe(6);
    for (const n of nodes) {
      const r = n.props.rect;
      expect(r, n.id).not.toBeNull();
      if (r === null) continue;
      expect(r.x + r.width).toBeLessThanOrEqual(1920);
      expect(r.y + r.height).toBeLessThanOrEqual(1080);
    }
    expect(
      windows.filter((w) => w.props.states.includes('active')).map((w) => w.props.name),
    ).toEqual(['Untitled - Editor']);
  });

  it('is deterministic: same seed and calls give the same tree and events', async () => {
    const run = async () => {
      const sim = await startSim(
        { quirks: { dropRate: 0.3, duplicateRate: 0.3, detaillessRate: 0.5, lateRate: 0.5 } },
        42,
      );
      const rec = record(sim);
      await sim.focus(aid(sim, 'editor.text'), deadline());
      await type(sim, 'determinism');
      await sim.performPattern(
        aid(sim, 'grid.table'),
        { pattern: 'Scroll', direction: 'down', amount: 2 },
        deadline(),
      );
      await sim.performPattern(
        aid(sim, 'settings.tab.advanced'),
        { pattern: 'SelectionItem', op: 'select' },
        deadline(),
      );
      await sim.control.quiet();
      await sim.control.quiet();
      return { tree: sim.groundTruth(), events: rec.events() };
    };
    const a = await run();
    const b = await run();
    expect(b.tree).toEqual(a.tree);
    expect(b.events).toEqual(a.events);
    expect(a.events.length).toBeGreaterThan(20);
  });
});

describe('sim backend: windows and focus', () => {
  it('minimize hands the foreground on; maximize fills the screen and moves the contents; restore returns', async () => {
    const sim = await startSim();
    const editor = node(sim, aid(sim, 'editor.text')).parentId ?? '';
    const doc = aid(sim, 'editor.text');
    const before = node(sim, doc).props.rect;
    await sim.performPattern(editor, { pattern: 'Window', op: 'minimize' }, deadline());
    expect(node(sim, editor).props.states).toEqual(
      expect.arrayContaining(['minimized', 'offscreen']),
    );
    expect(node(sim, editor).props.states).not.toContain('active');
    expect(sim.groundTruth().filter((n) => n.props.states.includes('active'))).toHaveLength(1);
    await sim.performPattern(editor, { pattern: 'Window', op: 'maximize' }, deadline());
    expect(node(sim, editor).props.rect).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(node(sim, editor).props.states).toEqual(expect.arrayContaining(['maximized', 'active']));
    expect(node(sim, doc).props.rect?.x).toBe((before?.x ?? 0) - 40);
    await sim.performPattern(editor, { pattern: 'Window', op: 'restore' }, deadline());
    expect(node(sim, doc).props.rect).toEqual(before);
  });

  it('element-at-point follows z-order; a click activates the window under it', async () => {
    const sim = await startSim();
    const box = aid(sim, 'settings.notifications');
    const { x, y } = centreOf(sim, box);
    expect(sim.control.elementAt(x, y)).toBe(box);
    expect(sim.control.elementAt(5, 1070)).toBeNull();
    const rec = record(sim);
    await sim.input({ kind: 'click', x, y, button: 'left', count: 1 }, deadline());
    await sim.control.quiet();
    const settings = windowTitles(sim).indexOf('Settings');
    expect(settings).toBeGreaterThanOrEqual(0);
    expect(rec.events()).toContainEqual({ type: 'focus', id: box });
    expect(rec.events().some((e) => e.type === 'window.activated')).toBe(true);
    expect(node(sim, box).props.states).toEqual(expect.arrayContaining(['checked', 'focused']));
  });

  it('stealFocusOnNextFocus lets another window take focus right after a focus()', async () => {
    const sim = await startSim();
    const doc = aid(sim, 'editor.text');
    sim.control.stealFocusOnNextFocus('Records');
    await sim.focus(doc, deadline());
    expect(node(sim, doc).props.states).not.toContain('focused');
    await type(sim, 'lost');
    expect(node(sim, doc).props.value).toBe('');
    await sim.focus(doc, deadline());
    await type(sim, 'kept');
    expect(node(sim, doc).props.value).toBe('kept');
  });

  it('focus() on a non-focusable element and activateWindow() on a non-window fail typed', async () => {
    const sim = await startSim();
    await expect(sim.focus(aid(sim, 'editor.position'), deadline())).rejects.toMatchObject({
      code: 'action_failed',
    });
    await expect(sim.activateWindow(aid(sim, 'editor.text'), deadline())).rejects.toMatchObject({
      code: 'action_failed',
    });
    await expect(
      sim.performPattern(aid(sim, 'settings.apply'), { pattern: 'Invoke' }, deadline()),
    ).rejects.toMatchObject({
      code: 'action_failed',
    });
  });
});

describe('sim backend: data-described windows and window keys', () => {
  it('builds a window from scene data with generic behaviour', async () => {
    const sim = await startSim({
      apps: [
        {
          kind: 'window',
          app: 'probe',
          title: 'Probe',
          at: { x: 100, y: 100 },
          elements: [
            { type: 'CheckBox', name: 'Flag', automationId: 'probe.flag', rect: [10, 40, 100, 20] },
            {
              type: 'Edit',
              name: 'Field',
              automationId: 'probe.field',
              rect: [10, 70, 100, 20],
              value: 'x',
            },
            {
              type: 'List',
              name: 'Items',
              rect: [10, 100, 100, 60],
              children: [
                {
                  type: 'ListItem',
                  name: 'A',
                  automationId: 'probe.a',
                  rect: [10, 100, 100, 20],
                  states: ['selected'],
                },
                { type: 'ListItem', name: 'B', automationId: 'probe.b', rect: [10, 120, 100, 20] },
              ],
            },
          ],
        },
      ],
    });
    const flag = aid(sim, 'probe.flag');
    expect(node(sim, flag).props).toMatchObject({
      app: 'probe',
      rect: { x: 110, y: 140, width: 100, height: 20 },
    });
    await sim.performPattern(flag, { pattern: 'Toggle' }, deadline());
    expect(node(sim, flag).props.states).toContain('checked');
    await sim.performPattern(
      aid(sim, 'probe.b'),
      { pattern: 'SelectionItem', op: 'select' },
      deadline(),
    );
    expect(node(sim, aid(sim, 'probe.a')).props.states).not.toContain('selected');
    await sim.focus(aid(sim, 'probe.field'), deadline());
    await type(sim, 'y');
    expect(node(sim, aid(sim, 'probe.field')).props.value).toBe('xy');
    await sim.input({ kind: 'keys', combos: [{ key: 'F4', modifiers: ['alt'] }] }, deadline());
    expect(windowTitles(sim)).toEqual([]);
  });

  it('a minimized window’s elements are offscreen until it is restored', async () => {
    const sim = await startSim({ apps: [{ kind: 'grid', rows: 100 }, { kind: 'settings' }] });
    const settings = node(sim, aid(sim, 'settings.titlebar')).parentId ?? '';
    const box = aid(sim, 'settings.notifications');
    const partial = aid(sim, 'grid.row.20');
    await sim.performPattern(settings, { pattern: 'Window', op: 'minimize' }, deadline());
    expect(node(sim, box).props.states).toContain('offscreen');
    expect(node(sim, partial).props.states).toContain('offscreen');
    await sim.activateWindow(settings, deadline());
    expect(node(sim, settings).props.states).not.toContain('minimized');
    expect(node(sim, box).props.states).not.toContain('offscreen');
    expect(node(sim, partial).props.states).toContain('offscreen');
    await sim.input({ kind: 'keys', combos: [{ key: 'Escape', modifiers: [] }] }, deadline());
    expect(windowTitles(sim)).toEqual(['Records']);
  });
});
