/** AX notifications -> BackendEvents through the fake surface, on a virtual clock. */
import { describe, expect, it } from 'vitest';
import type { BackendNode } from '../../../../src/backends/backend.js';
import { APP_NOTIFICATIONS, WINDOW_NOTIFICATIONS } from '../../../../src/backends/ax/axEvents.js';
import { FakeAxSurface } from './fakeAx.js';
import { FAR, startHost, textEdit } from './axHarness.js';

async function started() {
  const surface = new FakeAxSurface();
  const app = textEdit(surface);
  const run = await startHost(surface);
  const nodes = (await run.host.call(
    'fetchSubtree',
    { id: 'desktop', maxDepth: null },
    FAR,
  )) as BackendNode[];
  const id = (name: string) => nodes.find((n) => n.props.name === name)?.id;
  const el = (title: string) =>
    app.windows[0]?.find((e) => e.spec.title === title || e.spec.value === title);
  run.events.length = 0;
  return { ...run, app, nodes, id, el };
}

describe('AX events (fake surface)', () => {
  it('registers app-level notifications on the app and window-level ones on fetched windows', async () => {
    const { surface, app } = await started();
    const names = surface.registered(501);
    for (const n of APP_NOTIFICATIONS) expect(names).toContain(`${app.app.uid}:${n}`);
    for (const n of WINDOW_NOTIFICATIONS) expect(names).toContain(`${app.windows[0]?.uid}:${n}`);
  });

  it('maps focus, value, title, window and destruction notifications', async () => {
    const { surface, timers, events, id, el, app } = await started();
    const box = el('Wrap');
    if (box === undefined) throw new Error('fixture');
    surface.notify(box, 'AXFocusedUIElementChanged');
    box.attrs.set('AXValue', 0);
    surface.notify(box, 'AXValueChanged');
    const win = app.windows[0];
    if (win === undefined) throw new Error('fixture');
    win.attrs.set('AXPosition', { x: 5, y: 6 });
    surface.notify(win, 'AXWindowMoved');
    timers.advance(100);
    expect(events).toContainEqual({ type: 'focus', id: id('Wrap') });
    const change = events.find((e) => e.type === 'property' && e.id === id('Wrap'));
    expect(change?.type === 'property' && change.props.states).toEqual(['enabled', 'unchecked']);
    const moved = events.find((e) => e.type === 'property' && e.id === id('Untitled'));
    expect(moved?.type === 'property' && moved.props.rect).toMatchObject({ x: 5, y: 6 });
    events.length = 0;
    box.kill();
    surface.notify(box, 'AXUIElementDestroyed');
    win.kill();
    surface.notify(win, 'AXUIElementDestroyed');
    timers.advance(100);
    expect(events).toContainEqual({
      type: 'structure',
      change: 'childRemoved',
      id: id('Untitled'),
      childId: id('Wrap'),
    });
    expect(events).toContainEqual({ type: 'window.closed', id: id('Untitled') });
  });

  it('turns a new window into window.opened and structure hints into one coalesced invalidation', async () => {
    const { surface, timers, events, id, app } = await started();
    const win = app.windows[0];
    if (win === undefined) throw new Error('fixture');
    for (const n of ['AXLayoutChanged', 'AXRowCountChanged', 'AXLayoutChanged'])
      surface.notify(win, n);
    timers.advance(100);
    const invalidations = events.filter(
      (e) => e.type === 'structure' && e.change === 'invalidated',
    );
    expect(invalidations).toEqual([
      { type: 'structure', change: 'invalidated', id: id('Untitled') },
    ]);
    const { FakeElement } = await import('./fakeAx.js');
    const dialog = new FakeElement(501, app.app, {
      role: 'AXWindow',
      subrole: 'AXDialog',
      title: 'Save',
    });
    app.windows.push(dialog);
    surface.notify(dialog, 'AXWindowCreated');
    timers.advance(100);
    const opened = events.find((e) => e.type === 'window.opened');
    expect(opened?.type === 'window.opened' && opened.id).toMatch(/^501\.\d+$/);
    expect(surface.registered(501)).toContain(`${dialog.uid}:AXWindowMoved`);
  });

  it('retries an app that refuses its observer at first (kAXErrorCannotComplete)', async () => {
    const surface = new FakeAxSurface();
    const app = textEdit(surface);
    app.refuseObservers = 2;
    const run = await startHost(surface, { observerRetry: { maxAttempts: 5, retryMs: 200 } });
    expect(surface.registered(501)).toEqual([]);
    run.timers.advance(200); // second try, refused again
    expect(surface.registered(501)).toEqual([]);
    run.timers.advance(400); // third try takes
    expect(surface.registered(501)).toContain(`${app.app.uid}:AXFocusedUIElementChanged`);
    const probe = (await run.host.call('probe', {}, FAR)) as { observed: number[] };
    expect(probe.observed).toEqual([501]);
  });

  it('gives up after the last attempt and says so', async () => {
    const surface = new FakeAxSurface();
    textEdit(surface).refuseObservers = 10;
    const run = await startHost(surface, { observerRetry: { maxAttempts: 2, retryMs: 100 } });
    run.timers.advance(10_000);
    expect(surface.registered(501)).toEqual([]);
    expect(run.logs.some((l) => l.includes('TextEdit (501): no AX notifications'))).toBe(true);
  });

  it('sees launches and quits through the window list poll', async () => {
    const { surface, timers, events, id } = await started();
    surface.addApp(777, 'Notes', 'com.apple.Notes', [{ role: 'AXWindow', title: 'Notes' }]);
    timers.advance(1_100); // the poll, then the batch's flush
    expect(events).toContainEqual({ type: 'structure', change: 'childAdded', id: 'desktop' });
    expect(surface.registered(777).length).toBeGreaterThan(0);
    const before = id('Untitled');
    surface.apps.delete(501);
    timers.advance(1_100);
    expect(events).toContainEqual({ type: 'window.closed', id: before });
  });
});
