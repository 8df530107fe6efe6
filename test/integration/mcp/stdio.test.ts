/**
 * MCP over stdio: the real CLI (`uistream mcp --backend sim`, default desktop) spawned and
 * driven by the SDK's Client, in the default and the ui_automation profiles.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutomationAnswer } from '../../../src/mcp/tools/automation-shape.js';
import { call, connectStdio, ok } from './harness.js';

describe('stdio, default profile', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectStdio();
  });
  afterAll(async () => {
    await client.close();
  });

  it('lists the tools and snapshots a window', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('ui_click');
    const snap = await ok(client, 'ui_snapshot', { window: 'Editor' });
    expect(snap.text).toMatch(/toolbar "Standard" \[ref=e\d+\]/);
  });

  it('acts and reads the result back', async () => {
    const typed = await ok(client, 'ui_type', {
      target: { automationId: 'editor.text' },
      text: 'over stdio',
    });
    expect(typed.text).toMatch(/^type document "Text editor"/);
    const text = await ok(client, 'ui_get_text', { window: 'Editor' });
    expect(text.text).toContain('over stdio');
    const bad = await call(client, 'ui_find', { maxResults: 0 });
    expect(bad.text).toMatch(/^error invalid_params:/);
  });
});

describe('stdio, ui_automation profile', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectStdio(['--tools', 'ui_automation']);
  });
  afterAll(async () => {
    await client.close();
  });

  const automation = async (args: object) => {
    const r = await call(client, 'ui_automation', args);
    return { ...r, answer: AutomationAnswer.parse(r.structured) };
  };

  it('offers the single tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['ui_automation']);
  });

  it('finds, types and reads text in the contract shape', async () => {
    const found = await automation({ action: 'find', automationId: 'editor.save' });
    expect(found.answer).toMatchObject({
      success: true,
      action: 'find',
      element: {
        name: 'Save',
        controlType: 'Button',
        isEnabled: true,
        supportedPatterns: ['Invoke'],
      },
      diagnostics: { windowTitle: 'Untitled - Editor', multipleMatches: false },
    });
    const typed = await automation({
      action: 'find_and_type',
      automationId: 'editor.text',
      text: 'abc',
    });
    expect(typed.answer.success).toBe(true);
    const text = await automation({ action: 'get_text', automationId: 'editor.text' });
    expect(text.answer.text).toContain('abc');
    const tree = await automation({ action: 'get_tree', window: 'Settings' });
    expect(tree.answer.element?.controlType).toBe('Window');
    expect(tree.answer.text).toMatch(/tab "Sections"/);
  });

  it('selects, focuses, invokes, waits and scrolls', async () => {
    const tab = await automation({ action: 'invoke', automationId: 'settings.tab.advanced' });
    expect(tab.answer.success).toBe(true);
    const waited = await automation({ action: 'wait_for', automationId: 'settings.language' });
    expect(waited.answer.success).toBe(true);
    const selected = await automation({
      action: 'find_and_select',
      automationId: 'settings.language',
      value: 'German',
    });
    expect(selected.answer.success).toBe(true);
    const focused = await automation({ action: 'focus', automationId: 'settings.proxy' });
    expect(focused.answer.element?.name).toBe('Proxy');
    const grid = await automation({ action: 'find', automationId: 'grid.table' });
    const scrolled = await automation({
      action: 'scroll_into_view',
      name: 'Row 120',
      nameMatch: 'equals',
      containerId: grid.answer.element?.elementId,
    });
    expect(scrolled.answer.element).toMatchObject({ name: 'Row 120', isOffscreen: false });
  });

  it('fails with errorType and diagnostics', async () => {
    const missing = await automation({
      action: 'find_and_click',
      name: 'Nothing like this',
      timeoutMs: 100,
    });
    expect(missing.isError).toBe(true);
    expect(missing.answer).toMatchObject({ success: false, action: 'find_and_click' });
    expect(['element_not_found', 'timeout']).toContain(missing.answer.errorType);
    const many = await automation({ action: 'find_and_click', controlType: 'Button' });
    expect(many.answer.errorType).toBe('multiple_matches');
    const noWindow = await automation({ action: 'get_tree', window: 'No such window' });
    expect(noWindow.answer.errorType).toBe('window_not_found');
  });
});
