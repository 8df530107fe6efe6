import { describe, expect, it } from 'vitest';
import { createSimBackend } from '../../../../src/backends/sim/index.js';
import { ElementStaleError, InvalidParamsError, TimeoutError } from '../../../../src/errors.js';
import { aid, deadline, node, record, startSim, windowTitles } from './helpers.js';

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
    const all = { ...deadline(), maxDepth: Infinity };
    expect(await sim.fetchSubtree(sim.rootId, all)).toEqual(sim.groundTruth());
    const fractional = sim.fetchSubtree(sim.rootId, { ...deadline(), maxDepth: 1.5 });
    await expect(fractional).rejects.toMatchObject({ code: 'invalid_params' });
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

describe('sim backend: stop', () => {
  it('releases a call blocked on a modal dialog with backend_unavailable', async () => {
    const sim = await startSim();
    const hung = sim.performPattern(aid(sim, 'editor.save'), { pattern: 'Invoke' }, deadline());
    await sim.control.quiet();
    expect(windowTitles(sim)).toContain('Save As');
    await sim.stop();
    await expect(hung).rejects.toMatchObject({ code: 'backend_unavailable' });
    expect(sim.desktop.timers.active).toBe(0);
  });
});

describe('sim control: quirks at run time', () => {
  it('changes only the quirks named, validating each rate', async () => {
    const sim = await startSim({ quirks: { lateRate: 0.25 } });
    sim.control.setQuirks({ dropRate: 0.5 });
    sim.control.setQuirks({ duplicateRate: 1 });
    expect(sim.control.quirks()).toEqual({
      dropRate: 0.5,
      duplicateRate: 1,
      lateRate: 0.25,
      detaillessRate: 0,
    });
    expect(() => sim.control.setQuirks({ dropRate: 2 })).toThrow(/invalid quirks: dropRate/);
    expect(() => sim.control.setQuirks({ wobble: 1 } as never)).toThrow(InvalidParamsError);
    expect(sim.control.quirks().dropRate).toBe(0.5);
  });
});
