import { describe, expect, it } from 'vitest';
import { createSimBackend } from '../../../../src/backends/sim/index.js';
import { ElementStaleError, TimeoutError } from '../../../../src/errors.js';
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

describe('sim backend: slow, crashing and costly apps', () => {
  it('a slow app delays every call into it and honours the caller deadline', async () => {
    const sim = await startSim();
    sim.control.setSlowDelay(10_000);
    const refresh = aid(sim, 'slow.refresh');
    const call = sim.performPattern(
      refresh,
      { pattern: 'Invoke' },
      { signal: AbortSignal.timeout(30) },
    );
    await expect(call).rejects.toBeInstanceOf(TimeoutError);
    expect(node(sim, aid(sim, 'slow.status')).props.name).toBe('Never refreshed');
    sim.control.setSlowDelay(5);
    await sim.performPattern(refresh, { pattern: 'Invoke' }, deadline());
    expect(node(sim, aid(sim, 'slow.status')).props.name).toBe('Refreshed 1 times');
  });

  it('a crash makes the windows vanish without window.closed; later calls are stale', async () => {
    const sim = await startSim();
    const keep = aid(sim, 'flaky.keep');
    const rec = record(sim);
    await expect(
      sim.performPattern(aid(sim, 'flaky.crash'), { pattern: 'Invoke' }, deadline()),
    ).rejects.toBeInstanceOf(ElementStaleError);
    await sim.control.quiet();
    expect(windowTitles(sim)).not.toContain('Flaky App');
    expect(rec.events().some((e) => e.type === 'window.closed')).toBe(false);
    expect(
      rec
        .events()
        .some((e) => e.type === 'structure' && e.change === 'childRemoved' && e.id === sim.rootId),
    ).toBe(true);
    await expect(sim.performPattern(keep, { pattern: 'Toggle' }, deadline())).rejects.toMatchObject(
      { code: 'element_stale' },
    );
    expect(sim.control.apps().find((a) => a.kind === 'flaky')?.crashed).toBe(true);
  });

  it('crashOnNextCall crashes the app in the middle of the next call', async () => {
    const sim = await startSim();
    const keep = aid(sim, 'flaky.keep');
    sim.control.crashOnNextCall('flakyapp');
    await expect(sim.performPattern(keep, { pattern: 'Toggle' }, deadline())).rejects.toMatchObject(
      { code: 'element_stale' },
    );
    expect(sim.control.find('flaky.keep')).toBeUndefined();
  });

  it('the fetch latency model charges per call and per element, and maxDepth is validated', async () => {
    const sim = await startSim({
      apps: [{ kind: 'editor' }],
      fetchLatency: { perCallMs: 10_000, perElementUs: 0 },
    });
    const short = () => ({ signal: AbortSignal.timeout(20) });
    await expect(sim.fetchSubtree(sim.rootId, short())).rejects.toBeInstanceOf(TimeoutError);
    sim.control.setFetchLatency({ perCallMs: 0, perElementUs: 1_000_000 });
    await expect(sim.fetchSubtree(sim.rootId, short())).rejects.toBeInstanceOf(TimeoutError);
    sim.control.setFetchLatency({ perElementUs: 0 });
    expect(await sim.fetchSubtree(sim.rootId, deadline())).toEqual(sim.groundTruth());
    await expect(
      sim.fetchSubtree(sim.rootId, { ...deadline(), maxDepth: -1 }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
    expect(() => sim.control.setFetchLatency({ perCallMs: Number.NaN })).toThrow(/non-negative/);
  });

  it('launch and close apps through the control API, raising window events', async () => {
    const sim = await startSim({ apps: [] });
    const rec = record(sim);
    const { windowId, pid } = sim.control.open({ kind: 'settings' });
    expect(pid).toBe(1000);
    expect(node(sim, windowId).props.states).toContain('active');
    sim.control.close('settings');
    await sim.control.quiet();
    expect(
      rec.events().filter((e) => e.type === 'window.opened' || e.type === 'window.closed'),
    ).toEqual([
      { type: 'window.opened', id: windowId },
      { type: 'window.closed', id: windowId },
    ]);
    expect(() => sim.control.close('nope')).toThrow(/no simulated app nope/);
    expect(() => sim.control.open({ kind: 'bogus' } as never)).toThrow(/invalid app spec/);
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

describe('sim backend: bad input', () => {
  it('answers malformed actions with invalid_params and keeps working', async () => {
    const sim = await startSim();
    const box = aid(sim, 'settings.notifications');
    const editor = node(sim, aid(sim, 'editor.titlebar')).parentId ?? '';
    const menu = aid(sim, 'editor.menu.file');
    const bad = async (call: Promise<unknown>) =>
      expect(call).rejects.toMatchObject({ code: 'invalid_params' });
    await bad(
      sim.performPattern(menu, { pattern: 'ExpandCollapse', op: 'open' as never }, deadline()),
    );
    await bad(
      sim.performPattern(editor, { pattern: 'Window', op: 'explode' as never }, deadline()),
    );
    await bad(
      sim.performPattern(
        aid(sim, 'grid.table'),
        { pattern: 'Scroll', direction: 'in' as never, amount: 1 },
        deadline(),
      ),
    );
    await bad(
      sim.input({ kind: 'keys', combos: [{ key: 'a', modifiers: 'ctrl' as never }] }, deadline()),
    );
    await bad(sim.input({ kind: 'keys', combos: [{ key: '', modifiers: [] }] }, deadline()));
    await bad(sim.input({ kind: 'teleport' } as never, deadline()));
    await bad(
      sim.input({ kind: 'click', x: 1, y: 1, button: 'thumb' as never, count: 1 }, deadline()),
    );
    await bad(sim.input({ kind: 'click', x: 1, y: 1, button: 'left', count: 0 }, deadline()));
    await bad(
      sim.input({ kind: 'wheel', x: 1, y: 1, dx: 0, dy: Number.POSITIVE_INFINITY }, deadline()),
    );
    await bad(sim.fetchSubtree(42 as never, deadline()));
    await expect(
      sim.performPattern(box, { pattern: 'Bogus' } as never, deadline()),
    ).rejects.toMatchObject({
      code: 'pattern_not_supported',
    });
    expect(node(sim, menu).props.states).toContain('collapsed');
    await sim.performPattern(box, { pattern: 'Toggle' }, deadline());
    expect(node(sim, box).props.states).toContain('checked');
  });
});

describe('sim backend: status and reset', () => {
  it('raises status at start and on demand, and reset for a rebuilt connection', async () => {
    const sim = createSimBackend({ scene: { apps: [] } });
    const seen: unknown[] = [];
    sim.events$.subscribe((batch) => seen.push(...batch));
    await sim.start(AbortSignal.timeout(1_000));
    sim.control.setStatus('degraded', 'slow platform');
    sim.control.reset('bus restarted');
    await sim.control.quiet();
    expect(seen).toEqual([
      { type: 'status', status: 'ok' },
      { type: 'status', status: 'degraded', reason: 'slow platform' },
      { type: 'reset', reason: 'bus restarted' },
    ]);
    expect(() => sim.control.setStatus('melting' as never)).toThrow(/invalid status/);
    await sim.stop();
  });
});
