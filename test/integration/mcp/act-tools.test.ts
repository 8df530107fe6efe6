/** Every acting tool over streamable HTTP on the sim desktop: success and error paths. */
import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { call, ok, useMcpHttp } from './harness.js';

const mcp = useMcpHttp();

const byId = (automationId: string) => ({ target: { automationId } });

describe('acting tools', () => {
  it('types into the editor and shows the window change, within 150 tokens', async () => {
    const r = await ok(mcp.client, 'ui_type', { ...byId('editor.text'), text: 'hello world' });
    expect(r.text).toMatch(/^type document "Text editor" \[ref=e\d+\] via \w+ in \d+ms/);
    expect(r.text).toContain('*Untitled - Editor');
    expect(encode(r.text).length).toBeLessThanOrEqual(150);
    const text = await ok(mcp.client, 'ui_get_text', { window: 'Editor' });
    expect(text.text).toContain('hello world');
  });

  it('presses a key combo and reports the dialog it opened', async () => {
    const r = await ok(mcp.client, 'ui_press_keys', { ...byId('editor.text'), keys: 'Ctrl+S' });
    expect(r.text).toMatch(/^keys document "Text editor"/);
    expect(r.text).toMatch(/opened "Save As" \[w\d+\]/);
    const opened = (r.structured?.changes as { opened: { title: string }[] }).opened;
    expect(opened.map((w) => w.title)).toContain('Save As');
  });

  it('refuses an ambiguous locator with multiple_matches', async () => {
    const r = await call(mcp.client, 'ui_click', {
      target: { name: 'Save', controlType: 'Button' },
    });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^error multiple_matches:/);
  });

  it('sets a value in the dialog, clicks Save and waits for the dialog to close', async () => {
    await ok(mcp.client, 'ui_set_value', { ...byId('saveas.name'), value: 'notes.txt' });
    const waiting = ok(mcp.client, 'ui_wait_for', {
      condition: 'windowClosed',
      title: 'Save As',
      timeoutMs: 10_000,
    });
    const click = await ok(mcp.client, 'ui_click', byId('saveas.save'));
    expect(click.text).toMatch(/^click button "Save" \[ref=e\d+\]/);
    const closed = await waiting;
    expect(closed.text).toMatch(/^windowClosed .*after \d+ms/);
    const windows = await ok(mcp.client, 'ui_list_windows');
    expect(windows.text).toContain('"notes.txt - Editor"');
  });

  it('toggles a check box, switches a tab, selects an option and focuses an edit', async () => {
    const before = await ok(mcp.client, 'ui_find', { automationId: 'settings.notifications' });
    const wasChecked = before.text.includes('[checked]');
    await ok(mcp.client, 'ui_invoke', { ...byId('settings.notifications'), pattern: 'Toggle' });
    const after = await ok(mcp.client, 'ui_find', { automationId: 'settings.notifications' });
    expect(after.text.includes('[checked]')).toBe(!wasChecked);

    await ok(mcp.client, 'ui_invoke', {
      ...byId('settings.tab.advanced'),
      pattern: 'SelectionItem',
    });
    const sel = await ok(mcp.client, 'ui_select', {
      ...byId('settings.language'),
      option: 'French',
    });
    expect(sel.text).toMatch(/^select combobox "Language"/);
    const combo = await ok(mcp.client, 'ui_find', { automationId: 'settings.language' });
    expect(combo.text).toContain('value="French"');

    const focus = await ok(mcp.client, 'ui_focus', byId('settings.proxy'));
    expect(focus.text).toMatch(/^focus edit "Proxy"/);
    const focused = await ok(mcp.client, 'ui_read', { region: 'focused' });
    expect(focused.text).toMatch(/^focused of w\d+:\n[\s\S]*edit "Proxy"[^\n]*focused/);
  });

  it('scrolls the grid and scrolls a far row into view', async () => {
    const scrolled = await ok(mcp.client, 'ui_scroll', {
      ...byId('grid.table'),
      direction: 'down',
    });
    expect(scrolled.text).toMatch(/^scroll datagrid "Records"/);
    const grid = await ok(mcp.client, 'ui_find', { automationId: 'grid.table' });
    const container = (grid.structured?.elements as { ref: string }[])[0]?.ref;
    const r = await ok(mcp.client, 'ui_scroll', {
      target: { name: 'Row 300', nameMatch: 'equals' },
      container,
    });
    expect(r.text).toMatch(/dataitem "Row 300" \[ref=e\d+\]/);
    const row = await ok(mcp.client, 'ui_find', { name: 'Row 300', nameMatch: 'equals' });
    expect(row.text).not.toContain('[offscreen]');
  });

  it('runs a batch in order and stops at the first failure', async () => {
    const r = await ok(mcp.client, 'ui_batch', {
      steps: [
        {
          tool: 'ui_set_value',
          args: { target: { automationId: 'settings.proxy' }, value: 'p1' },
        },
        { tool: 'ui_click', args: { target: { automationId: 'no.such.element' } } },
        {
          tool: 'ui_set_value',
          args: { target: { automationId: 'settings.proxy' }, value: 'p3' },
        },
      ],
    });
    expect(r.structured?.completed).toBe(1);
    expect(r.text).toMatch(/^1\/3 steps done\n1\. ui_set_value: setValue /);
    expect(r.text).toMatch(/step 2 \(ui_click\) failed: element_not_found/);
    const proxy = await ok(mcp.client, 'ui_find', { automationId: 'settings.proxy' });
    expect(proxy.text).toContain('value="p1"');
  });

  it('checks each batch step with its own tool schema before running any', async () => {
    const r = await call(mcp.client, 'ui_batch', {
      steps: [
        { tool: 'ui_set_value', args: { target: { automationId: 'settings.proxy' }, value: 'p9' } },
        { tool: 'ui_click', args: { target: { automationId: 'x' }, button: 'sideways' } },
      ],
    });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(
      /^error invalid_params: invalid params for ui_click: steps\.1\.args\.button/,
    );
    const proxy = await ok(mcp.client, 'ui_find', { automationId: 'settings.proxy' });
    expect(proxy.text).not.toContain('value="p9"');
    const bad = await call(mcp.client, 'ui_batch', {
      steps: [{ tool: 'actions.click', args: {} }],
    });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('ui_click');
  });

  it('times out a wait with a typed error and recovery advice', async () => {
    const r = await call(mcp.client, 'ui_wait_for', {
      condition: 'appear',
      target: { name: 'A button that never appears' },
      timeoutMs: 200,
    });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^error timeout:/);
    expect(r.text).toContain('- Retry with a longer timeout');
  });

  it('answers a missing target with element_not_found, not a protocol error', async () => {
    const r = await call(mcp.client, 'ui_click', { target: { automationId: 'no.such.thing' } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^error element_not_found:/);
    expect(r.text).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('answers a ref whose window closed with element_stale', async () => {
    const dialog = await ok(mcp.client, 'ui_click', {
      target: { name: 'Find', controlType: 'Button' },
    });
    expect(dialog.text).toMatch(/opened "Find" \[w\d+\]/);
    const cancel = await ok(mcp.client, 'ui_find', { automationId: 'find.cancel' });
    const ref = (cancel.structured?.elements as { ref: string }[])[0]?.ref ?? '';
    await ok(mcp.client, 'ui_click', { target: { ref } });
    const stale = await call(mcp.client, 'ui_click', { target: { ref } });
    expect(stale.isError).toBe(true);
    expect(stale.text).toMatch(/^error element_stale:/);
  });
});
