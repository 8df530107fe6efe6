/** Every reading tool over streamable HTTP with the SDK's Client, on the sim desktop. */
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultTools } from '../../../src/mcp/tools/index.js';
import { call, ok, useMcpHttp } from './harness.js';

const mcp = useMcpHttp();
let editor: string;
beforeAll(async () => {
  const list = await ok(mcp.client, 'ui_list_windows');
  const windows = list.structured?.windows as { ref: string; title: string }[];
  editor = windows.find((w) => w.title.endsWith('- Editor'))?.ref ?? 'missing';
});

describe('reading tools', () => {
  it('lists every tool with schemas and annotations', async () => {
    const { tools } = await mcp.client.listTools();
    // Over the wire, exactly the default profile (tools/list may not drop or add one).
    expect(tools.map((t) => t.name).sort()).toEqual(defaultTools.map((t) => t.name).sort());
    const click = tools.find((t) => t.name === 'ui_click');
    expect(click?.annotations?.destructiveHint).toBe(true);
    expect(click?.outputSchema?.type).toBe('object');
    expect(tools.find((t) => t.name === 'ui_find')?.annotations?.readOnlyHint).toBe(true);
  });

  it('lists windows with refs', async () => {
    const r = await ok(mcp.client, 'ui_list_windows');
    expect(editor).toMatch(/^w\d+$/);
    expect(r.text).toMatch(/"Untitled - Editor" \[w\d+\] app=editor/);
    expect(r.text.split('\n').length).toBe((r.structured?.windows as unknown[]).length);
  });

  it('snapshots a window with stable refs', async () => {
    const first = await ok(mcp.client, 'ui_snapshot', { window: editor });
    const second = await ok(mcp.client, 'ui_snapshot', { window: editor });
    expect(first.text).toMatch(/button "Save" \[ref=e\d+\]/);
    const ref = /button "Save" \[ref=(e\d+)\]/.exec(first.text)?.[1];
    expect(second.text).toContain(`[ref=${ref}]`);
    expect(first.structured).not.toHaveProperty('lines');
    expect(first.structured?.truncated).toBe(false);
  });

  it('pages a snapshot with maxElements and a cursor', async () => {
    const page = await ok(mcp.client, 'ui_snapshot', { window: editor, maxElements: 3 });
    expect(page.structured?.truncated).toBe(true);
    expect(page.text).toContain('pass cursor');
    const cursor = page.structured?.cursor as string;
    const next = await ok(mcp.client, 'ui_snapshot', { window: editor, maxElements: 3, cursor });
    expect(next.text).not.toBe(page.text);
  });

  it('reads regions cheaply', async () => {
    const status = await ok(mcp.client, 'ui_read', { region: 'status', window: editor });
    expect(status.structured?.found).toBe(true);
    expect(status.text).toContain('Ln 1, Col 1');
    const menu = await ok(mcp.client, 'ui_read', { region: 'menu', window: editor });
    expect(menu.text).toContain('File');
  });

  it('finds elements and gets one by ref', async () => {
    const found = await ok(mcp.client, 'ui_find', {
      name: 'Save',
      controlType: 'Button',
      window: editor,
    });
    const elements = found.structured?.elements as { ref: string }[];
    expect(elements).toHaveLength(1);
    expect(found.text).toMatch(/^- button "Save" \[ref=e\d+\]/);
    const ref = elements[0]?.ref ?? '';
    const one = await ok(mcp.client, 'ui_get_element', { ref, fields: ['name', 'automationId'] });
    expect(one.structured?.element).toEqual({ name: 'Save', automationId: 'editor.save' });
  });

  it('answers an unmatched find with no match and a bad ref with a tool error', async () => {
    const none = await ok(mcp.client, 'ui_find', { name: 'No such thing anywhere' });
    expect(none.text).toBe('no match');
    const bad = await call(mcp.client, 'ui_get_element', { ref: 'e999999' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/^error (invalid_params|element_stale|element_not_found):/);
    const invalid = await call(mcp.client, 'ui_get_element', { ref: 'save-button' });
    expect(invalid.text).toMatch(/^error invalid_params: .*ref/);
  });

  it('gets the text of a window', async () => {
    const r = await ok(mcp.client, 'ui_get_text', { window: editor });
    expect(r.text).toContain('Ln 1, Col 1');
    expect(r.structured?.truncated).toBe(false);
  });

  it('reports focus, or its absence, without an error', async () => {
    const r = await ok(mcp.client, 'ui_read', { region: 'focused' });
    expect(typeof r.structured?.found).toBe('boolean');
    expect(r.text).toMatch(/^(focused of |no focused region)/);
  });

  it('reports status with counts from the shared cache', async () => {
    const r = await ok(mcp.client, 'ui_status');
    expect(r.structured).toMatchObject({ backend: 'sim', readOnly: false });
    const counts = r.structured?.counts as { elements: number; windows: number };
    expect(counts.windows).toBeGreaterThan(0);
    expect(counts.elements).toBeGreaterThan(counts.windows);
  });

  it('reads events after a cursor, waiting for the first one', async () => {
    const start = await ok(mcp.client, 'ui_events');
    const cursor = start.structured?.cursor as number;
    const waiting = call(mcp.client, 'ui_events', {
      after: cursor,
      waitMs: 10_000,
      types: ['text.changed'],
    });
    await ok(mcp.client, 'ui_type', { target: { automationId: 'editor.text' }, text: 'hi' });
    const r = await waiting;
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/text\.changed .*"Text editor"/);
    expect(r.structured?.cursor as number).toBeGreaterThan(cursor);
  });

  it('returns only what changed with since', async () => {
    const base = await ok(mcp.client, 'ui_snapshot', { window: editor });
    const revision = base.structured?.revision as number;
    await ok(mcp.client, 'ui_set_value', {
      target: { automationId: 'editor.text' },
      value: 'delta',
    });
    const delta = await ok(mcp.client, 'ui_snapshot', { window: editor, since: revision });
    expect(delta.structured?.since).toBe(revision);
    expect(delta.text).toContain('"Text editor"');
    expect(delta.text).not.toContain('menubar "Application"');
    expect(delta.structured?.total as number).toBeLessThan(base.structured?.total as number);
  });

  it('waits for a first match with timeoutMs', async () => {
    const waiting = ok(mcp.client, 'ui_find', { name: 'Find what:', timeoutMs: 10_000 });
    await ok(mcp.client, 'ui_click', { target: { name: 'Find', controlType: 'Button' } });
    const found = await waiting;
    expect(found.text).toMatch(/^- edit "Find what:" \[ref=e\d+\]/);
    const none = await ok(mcp.client, 'ui_find', { name: 'Never there', timeoutMs: 100 });
    expect(none.text).toBe('no match');
  });

  it('filters events by type and window', async () => {
    const start = await ok(mcp.client, 'ui_events');
    const after = start.structured?.cursor as number;
    await ok(mcp.client, 'ui_set_value', {
      target: { automationId: 'editor.text' },
      value: 'filtered',
    });
    const focusOnly = await ok(mcp.client, 'ui_events', { after, types: ['window.opened'] });
    expect(focusOnly.text).toMatch(/^no events\ncursor \d+$/);
    const text = await ok(mcp.client, 'ui_events', {
      after,
      types: ['text.changed'],
      windows: [editor],
    });
    // The event carries the change, not the document: its new length is that of "filtered".
    expect(text.text).toMatch(
      /^#\d+ text\.changed document "Text editor" \[ref=e\d+\] at \d+ -\d+ \+"\w+" \(8 chars\)/,
    );
    const other = await ok(mcp.client, 'ui_events', {
      after,
      types: ['text.changed'],
      windows: ['Settings'],
    });
    expect(other.text).toMatch(/^no events/);
  });

  it('snapshots the whole desktop, in full mode, and within a token budget', async () => {
    const desktop = await ok(mcp.client, 'ui_snapshot', {});
    for (const title of ['Editor', 'Settings', 'Records']) expect(desktop.text).toContain(title);
    const compact = await ok(mcp.client, 'ui_snapshot', { window: editor });
    const full = await ok(mcp.client, 'ui_snapshot', { window: editor, mode: 'full' });
    expect(full.text.length).toBeGreaterThanOrEqual(compact.text.length);
    const budget = await ok(mcp.client, 'ui_snapshot', { maxTokens: 100 });
    expect(budget.structured?.truncated).toBe(true);
    expect(budget.text.length).toBeLessThan(desktop.text.length);
  });

  it('lists the windows of one app', async () => {
    const r = await ok(mcp.client, 'ui_list_windows', { app: 'settings' });
    expect(r.text).toMatch(/^- "Settings" \[w\d+\] app=settings/);
    expect(r.text.split('\n')).toHaveLength(1);
  });
});
