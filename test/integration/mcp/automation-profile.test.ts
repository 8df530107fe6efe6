/**
 * The two tool profiles accept the same things, over streamable HTTP on the sim desktop:
 * ui_automation's get_text reads a window, scroll_into_view takes maxScrolls, and a select of a
 * missing option lists the options, in both profiles.
 */
import { describe, expect, it } from 'vitest';
import { AutomationAnswer } from '../../../src/mcp/tools/automation-shape.js';
import { call, useMcpHttp } from './harness.js';

describe('ui_automation profile, parameters shared with the default tools', () => {
  const mcp = useMcpHttp({ mcp: { tools: 'ui_automation' } });

  const automation = async (args: object) => {
    const r = await call(mcp.client, 'ui_automation', args);
    return { ...r, answer: AutomationAnswer.parse(r.structured) };
  };

  it('reads the text of a whole window with get_text {window}', async () => {
    const r = await automation({ action: 'get_text', window: 'Settings' });
    expect(r.answer.success, r.text).toBe(true);
    expect(r.answer.element?.controlType).toBe('Window');
    expect(r.answer.text).toContain('General');
    const clipped = await automation({ action: 'get_text', window: 'Settings', maxChars: 5 });
    expect(clipped.answer.text?.length).toBeLessThanOrEqual(5);
  });

  it('takes maxScrolls, validated as ui_scroll validates it', async () => {
    const grid = await automation({ action: 'find', automationId: 'grid.table' });
    const none = await automation({
      action: 'scroll_into_view',
      name: 'Row 30',
      containerId: grid.answer.element?.elementId,
      maxScrolls: 0,
    });
    expect(none.answer).toMatchObject({ success: false, errorType: 'invalid_params' });
    expect(none.answer.errorMessage).toContain('maxScrolls');
    const near = await automation({
      action: 'scroll_into_view',
      name: 'Row 30',
      nameMatch: 'equals',
      containerId: grid.answer.element?.elementId,
      maxScrolls: 40,
    });
    expect(near.answer.element, near.text).toMatchObject({ name: 'Row 30', isOffscreen: false });
  });

  it('lists the options when find_and_select names one that is missing', async () => {
    await automation({ action: 'invoke', automationId: 'settings.tab.advanced' });
    const r = await automation({
      action: 'find_and_select',
      automationId: 'settings.language',
      value: 'Klingon',
    });
    expect(r.answer).toMatchObject({ success: false, errorType: 'element_not_found' });
    expect(r.answer.errorMessage).toMatch(/options: .*German/);
  });
});

describe('default profile, select of a missing option', () => {
  const mcp = useMcpHttp();

  it('answers element_not_found with the options', async () => {
    await call(mcp.client, 'ui_click', { target: { automationId: 'settings.tab.advanced' } });
    const r = await call(mcp.client, 'ui_select', {
      target: { automationId: 'settings.language' },
      option: 'Klingon',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/element_not_found: .*options: .*German/);
  });
});
