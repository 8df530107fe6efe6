/**
 * --deny-app over MCP (streamable HTTP, the official SDK client): the denied app is absent from
 * the tools' answers and the resources, events about it never show in ui_events, and a tool
 * that names one of its elements or windows answers a tool error with code `denied`.
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, ok, useMcpHttp } from './harness.js';

const mcp = useMcpHttp({ executor: { denyApps: ['settings'] } });
/** The settings window (denied) as the whole cache holds it, and a word only it shows. */
let settings: { ref: string; element: string; title: string; control: string; word: string };

/** A name shown in the settings window and nowhere else on the desktop. */
function uniqueName(): { ref: string; name: string } {
  const store = mcp.h.app.store;
  const windows = store.windowsList({ includeMinimized: true }).windows;
  const names = (w: (typeof windows)[number]) => store.subtree(w.element).nodes;
  const elsewhere = new Set(
    windows.filter((w) => w.app !== 'settings').flatMap((w) => names(w).map((n) => n.name)),
  );
  const win = windows.find((w) => w.app === 'settings');
  const own = win === undefined ? [] : names(win).slice(1);
  const node = own.find(
    (n) => n.name.length > 3 && !elsewhere.has(n.name) && n.states.includes('focusable'),
  );
  if (node === undefined) throw new Error('the settings window shows no name of its own');
  return { ref: node.ref, name: node.name };
}

function expectNoLeak(text: string): void {
  expect(text).not.toContain(settings.title);
  expect(text).not.toContain(settings.word);
  for (const ref of [settings.ref, settings.element, settings.control])
    expect(text).not.toMatch(new RegExp(`\\b${ref}\\b`));
}

beforeAll(() => {
  const win = mcp.h.app.store
    .windowsList({ includeMinimized: true })
    .windows.find((w) => w.app === 'settings');
  if (win === undefined) throw new Error('no settings window cached');
  const unique = uniqueName();
  settings = {
    ref: win.ref,
    element: win.element,
    title: win.title,
    control: unique.ref,
    word: unique.name,
  };
});

describe('denied app over MCP', () => {
  it('is absent from the reading tools', async () => {
    const windows = await ok(mcp.client, 'ui_list_windows');
    expect((windows.structured?.windows as unknown[]).length).toBeGreaterThan(0);
    expectNoLeak(windows.text + JSON.stringify(windows.structured));
    for (const [tool, args] of [
      ['ui_snapshot', { mode: 'full' }],
      ['ui_find', { name: settings.word }],
      ['ui_find', { controlType: 'CheckBox' }],
      ['ui_read', { region: 'focused' }],
    ] as const) {
      const answer = await ok(mcp.client, tool, args);
      expectNoLeak(answer.text + JSON.stringify(answer.structured));
    }
  });

  it('answers a tool error with code denied when one of its elements or windows is named', async () => {
    for (const [tool, args] of [
      ['ui_get_element', { ref: settings.control }],
      ['ui_get_text', { ref: settings.control }],
      ['ui_text_attributes', { ref: settings.control }],
      ['ui_get_text', { window: settings.ref }],
      ['ui_snapshot', { window: settings.ref }],
      ['ui_read', { region: 'titlebar', window: settings.ref }],
      ['ui_find', { app: 'settings' }],
    ] as const) {
      const answer = await call(mcp.client, tool, args);
      expect(answer.isError, tool).toBe(true);
      expect(answer.text, tool).toMatch(/^error denied: /);
    }
  });

  it('leaves it out of the resources', async () => {
    const { resources } = await mcp.client.listResources();
    expectNoLeak(JSON.stringify(resources));
    const list = await mcp.client.readResource({ uri: 'ui://windows' });
    expect(JSON.stringify(list.contents)).toContain('Editor');
    expectNoLeak(JSON.stringify(list.contents));
    await expect(mcp.client.readResource({ uri: `ui://window/${settings.ref}` })).rejects.toThrow(
      /denied: /,
    );
  });

  it('never shows its events in ui_events, while they happen', async () => {
    const before = mcp.h.app.store.events.seq;
    const start = await ok(mcp.client, 'ui_events', {});
    const cursor = (start.structured as { cursor: number }).cursor;
    const control = mcp.h.app.store.node(settings.control);
    const id = mcp.h.app.store.backendId(settings.control);
    if (control === undefined || id === undefined) throw new Error('no settings control');
    const focused = (): boolean => mcp.h.app.store.focused({}).element?.window === settings.ref;
    const landed = firstValueFrom(mcp.h.app.store.patches$.pipe(filter(focused), timeout(5_000)));
    await mcp.h.app.backend.focus(id, { signal: AbortSignal.timeout(5_000) });
    if (!focused()) await landed;
    else landed.catch(() => undefined);
    expect(
      mcp.h.app.store.events.read({ after: before, apps: ['settings'], limit: 100 }).events.length,
    ).toBeGreaterThan(0);
    const events = await ok(mcp.client, 'ui_events', { after: cursor, limit: 1000 });
    expectNoLeak(events.text + JSON.stringify(events.structured));
  });
});
