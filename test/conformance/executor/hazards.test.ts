/**
 * The desktop misbehaving under an action: a modal dialog blocking Invoke, an app crashing in
 * the middle of a call, a virtualized list hiding its items, events lost. The executor must
 * answer each with a clear result or typed error and keep serving. Focus moving under an action
 * is focus-hazards.test.ts's.
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { codeOf, errorOf, startDesktop, type Desktop } from './desktop.js';

let desk: Desktop | undefined;
afterEach(async () => {
  await desk?.stop();
  desk = undefined;
});

describe('a modal dialog blocking Invoke', () => {
  it('answers once the dialog is open, frees the lane, and the dialog can be acted on', async () => {
    desk = await startDesktop();
    const save = desk.ref('editor.save');
    // The sim's Invoke of Save blocks until its modal Save As closes, as WinForms' ShowDialog
    // does under UIA; the action must not wait for that.
    const result = await desk.run('actions.invoke', {
      target: { ref: save },
      pattern: 'Invoke',
      timeoutMs: 10_000,
    });
    expect(result.blockedBy?.title).toBe('Save As');
    expect(result.changes.opened.map((w) => w.title)).toContain('Save As');
    expect(desk.executor.stats().running).toBe(0);
    // The editor's lane is free again: a pattern action on the same window runs.
    const text = desk.ref('editor.text');
    await desk.run('actions.setValue', { target: { ref: text }, value: 'after the dialog' });
    expect(desk.cache.node(text)?.value).toBe('after the dialog');
    // Closing the dialog through the executor works, and reports it closed.
    const cancel = await desk.run('actions.click', { target: { automationId: 'saveas.cancel' } });
    expect(cancel.changes.closed.map((w) => w.title)).toContain('Save As');
  });
});

describe('a backend call that hangs', () => {
  it('times out, releases the lane and keeps serving reads and actions', async () => {
    desk = await startDesktop();
    desk.sim.control.setSlowDelay(60_000, 'busyapp');
    const query = desk.ref('slow.query');
    const hung = desk.run('actions.setValue', {
      target: { ref: query },
      value: 'never lands',
      timeoutMs: 300,
    });
    // Reads are served while the call hangs.
    expect(desk.cache.windowsList({ includeMinimized: true }).windows.length).toBeGreaterThan(1);
    expect((await errorOf(hung)).code).toBe('timeout');
    expect(desk.executor.stats().running).toBe(0);
    // Its window's lane is free: once the app answers again, the next action runs.
    desk.sim.control.setSlowDelay(0, 'busyapp');
    await desk.run('actions.setValue', { target: { ref: query }, value: 'lands' });
    expect(desk.cache.node(query)?.value).toBe('lands');
  });

  it('uses the server-wide default deadline when the caller gives none', async () => {
    desk = await startDesktop({ executor: { defaultTimeoutMs: 250 } });
    desk.sim.control.setSlowDelay(60_000, 'busyapp');
    const failure = await errorOf(
      desk.run('actions.setValue', { target: { automationId: 'slow.query' }, value: 'x' }),
    );
    expect(failure.code).toBe('timeout');
    expect(failure.details).toMatchObject({ timeoutMs: 250 });
  });
});

describe('an app crashing mid-action', () => {
  it('fails the action with a typed error and keeps serving other apps', async () => {
    desk = await startDesktop();
    const keep = desk.ref('flaky.keep');
    desk.sim.control.crashOnNextCall('flakyapp');
    const failure = await errorOf(desk.run('actions.click', { target: { ref: keep } }));
    expect(['element_stale', 'action_failed']).toContain(failure.code);
    await desk.run('actions.waitFor', {
      condition: 'disappear',
      target: { ref: keep },
      timeoutMs: 5_000,
    });
    expect(await codeOf(desk.run('actions.click', { target: { ref: keep } }))).toBe(
      'element_stale',
    );
    const other = desk.ref('settings.startup');
    const result = await desk.run('actions.click', { target: { ref: other } });
    expect(result.element?.ref).toBe(other);
  });
});

describe('a virtualized list', () => {
  it('scrolls until a row far below exists, and brings it on screen', async () => {
    desk = await startDesktop({ scene: { apps: [{ kind: 'grid', rows: 300, visibleRows: 10 }] } });
    const table = desk.ref('grid.table');
    expect(
      desk.cache.find({
        automationId: 'grid.row.150',
        nameMatch: 'contains',
        caseSensitive: false,
        maxResults: 1,
      }).elements,
    ).toHaveLength(0);
    const result = await desk.run('actions.scrollIntoView', {
      target: { automationId: 'grid.row.150', within: table },
      container: table,
      timeoutMs: 20_000,
    });
    expect(result.element?.name).toBe('Row 151');
    const row = desk.cache.node(result.element!.ref);
    expect(row?.states).not.toContain('offscreen');
  });

  it('finds the one scrollable container of the target window by itself', async () => {
    desk = await startDesktop({ scene: { apps: [{ kind: 'grid', rows: 200, visibleRows: 10 }] } });
    const result = await desk.run('actions.scrollIntoView', {
      target: { window: 'Records', name: 'Row 120', nameMatch: 'equals' },
      timeoutMs: 20_000,
    });
    expect(result.element?.name).toBe('Row 120');
    const noWindow = await errorOf(
      desk.run('actions.scrollIntoView', { target: { name: 'Row 3', nameMatch: 'equals' } }),
    );
    expect(noWindow.code).toBe('invalid_params');
  });

  it('answers scroll_exhausted for a row that does not exist', async () => {
    desk = await startDesktop({ scene: { apps: [{ kind: 'grid', rows: 40, visibleRows: 10 }] } });
    const table = desk.ref('grid.table');
    const failure = await errorOf(
      desk.run('actions.scrollIntoView', {
        target: { automationId: 'grid.row.999', within: table },
        container: table,
        timeoutMs: 20_000,
      }),
    );
    expect(failure.code).toBe('scroll_exhausted');
    expect(failure.details.scrolls).toBeGreaterThan(0);
  });

  it('scrolls a list by notches through its pattern', async () => {
    desk = await startDesktop({ scene: { apps: [{ kind: 'grid', rows: 100, visibleRows: 10 }] } });
    const table = desk.ref('grid.table');
    const result = await desk.run('actions.scroll', {
      target: { ref: table },
      direction: 'down',
      amount: 2,
      settleMs: 100,
    });
    expect(result.method).toBe('pattern');
    expect(result.changes.added + result.changes.removed).toBeGreaterThan(0);
  });

  it('scrolls with the mouse wheel at a point', async () => {
    desk = await startDesktop({ scene: { apps: [{ kind: 'grid', rows: 100, visibleRows: 10 }] } });
    const rect = desk.cache.node(desk.ref('grid.table'))?.rect;
    expect(rect).toBeTruthy();
    const result = await desk.run('actions.scroll', {
      target: { x: rect!.x + 50, y: rect!.y + 50 },
      direction: 'down',
      amount: 1,
      settleMs: 100,
    });
    expect(result.method).toBe('input');
    expect(result.changes.added + result.changes.removed).toBeGreaterThan(0);
    // Down, not up: the first rows scrolled out and were dropped from the virtualized list.
    const first = {
      automationId: 'grid.row.0',
      nameMatch: 'contains',
      caseSensitive: false,
    } as const;
    expect(desk.cache.find({ ...first, maxResults: 1 }).elements).toHaveLength(0);
  });
});

describe('events lost by the platform', () => {
  it('repairs what an action changed through a re-fetch, even when every event is dropped', async () => {
    desk = await startDesktop();
    const box = desk.ref('settings.notifications');
    const before = desk.cache.node(box)?.states ?? [];
    desk.sim.control.setQuirks({ dropRate: 1 });
    await desk.run('actions.invoke', { target: { ref: box }, pattern: 'Toggle', settleMs: 0 });
    const toggled = before.includes('checked') ? 'unchecked' : 'checked';
    // No event reaches the cache; only the executor's post-action re-fetch can bring this.
    const cache = desk.cache;
    const isToggled = (): boolean => cache.node(box)?.states.includes(toggled) === true;
    if (!isToggled()) {
      await firstValueFrom(cache.patches$.pipe(filter(isToggled), timeout(5_000)));
    }
    expect(cache.stats().drift).toBeGreaterThan(0);
  });
});

describe('events lost while a dialog answers for its owner', () => {
  it('repairs the owner window that Save As renamed, even when every event is dropped', async () => {
    desk = await startDesktop();
    const opened = await desk.run('actions.invoke', {
      target: { ref: desk.ref('editor.save') },
      pattern: 'Invoke',
    });
    expect(opened.blockedBy?.title).toBe('Save As');
    desk.sim.control.setQuirks({ dropRate: 1 });
    // The action touches only the dialog; the title it changes is the owner's.
    await desk.run('actions.invoke', {
      target: { automationId: 'saveas.save' },
      pattern: 'Invoke',
      settleMs: 0,
    });
    // The window's own title also comes back through the top-level relist a vanished dialog
    // triggers; its title bar, a child, only through a re-fetch of the owner window.
    const cache = desk.cache;
    const bar = desk.ref('editor.titlebar');
    const titles = (): string[] =>
      cache.windowsList({ includeMinimized: true }).windows.map((w) => w.title);
    const repaired = (): boolean =>
      titles().includes('Untitled.txt - Editor') &&
      !titles().includes('Save As') &&
      cache.node(bar)?.name === 'Untitled.txt - Editor';
    if (!repaired()) await firstValueFrom(cache.patches$.pipe(filter(repaired), timeout(5_000)));
    expect(cache.stats().drift).toBeGreaterThan(0);
  });
});
