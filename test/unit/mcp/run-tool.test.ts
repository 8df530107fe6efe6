import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { ElementNotFoundError, UiError } from '../../../src/errors.js';
import { runTool } from '../../../src/mcp/run-tool.js';
import { uiAutomation } from '../../../src/mcp/tools/automation.js';
import { AutomationAnswer } from '../../../src/mcp/tools/automation-shape.js';
import { uiClick } from '../../../src/mcp/tools/act.js';
import { uiFind, uiListWindows, uiSnapshot } from '../../../src/mcp/tools/read.js';
import type { ToolDef } from '../../../src/mcp/types.js';
import { fakeContext, sampleAction, sampleNode } from './fake-table.js';

const asTool = (t: unknown): ToolDef => t as ToolDef;

describe('runTool', () => {
  it('answers bad arguments with invalid_params as a tool error', async () => {
    const ctx = fakeContext({});
    const r = await runTool(asTool(uiClick), { target: {} }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content[0]?.text).toMatch(/^error invalid_params: invalid params for ui_click/);
    expect(r.structuredContent).toBeUndefined();
  });

  it('passes validated params with defaults to the method table', async () => {
    let seen: unknown;
    const ctx = fakeContext({
      'actions.click': (p) => {
        seen = p;
        return sampleAction;
      },
    });
    const r = await runTool(asTool(uiClick), { target: { ref: 'e12' } }, ctx);
    expect(r.isError).toBeUndefined();
    expect(seen).toMatchObject({ target: { ref: 'e12' }, button: 'left', waitMs: 0 });
    expect(r.structuredContent).toMatchObject({ action: 'click', revision: 120 });
    expect(r.content[0]?.text).toContain('[ref=e12]');
  });

  it('sends structuredContent only when the host asked for it', async () => {
    const handlers = { 'actions.click': () => sampleAction };
    const plain = fakeContext(handlers, { config: loadConfig({ backend: 'sim' }) });
    const r = await runTool(asTool(uiClick), { target: { ref: 'e12' } }, plain);
    expect(r.content[0]?.text).toContain('[ref=e12]');
    expect(r).not.toHaveProperty('structuredContent');
    const automation = fakeContext(
      { 'elements.get': () => ({ revision: 1, element: sampleNode }), ...handlers },
      { config: loadConfig({ backend: 'sim', mcp: { tools: 'ui_automation' } }) },
    );
    const a = await runTool(
      asTool(uiAutomation),
      { action: 'invoke', elementId: 'e12' },
      automation,
    );
    expect(a.structuredContent).toMatchObject({ action: 'invoke' });
  });

  it('answers domain failures with code, message and recovery', async () => {
    const ctx = fakeContext({
      'elements.find': () => {
        throw new ElementNotFoundError('nothing named Frobnicate', { details: { name: 'x' } });
      },
    });
    const r = await runTool(asTool(uiFind), { name: 'Frobnicate' }, ctx);
    expect(r.isError).toBe(true);
    const text = r.content[0]?.text ?? '';
    expect(text).toMatch(/^error element_not_found: nothing named Frobnicate/);
    expect(text).toContain('- Check the locator against a fresh snapshot');
    expect(text).toContain('details: {"name":"x"}');
  });

  it('never leaks an unexpected error message or stack', async () => {
    const ctx = fakeContext({
      'windows.list': () => {
        throw new Error('secret /home/user/path at line 12');
      },
    });
    const r = await runTool(asTool(uiListWindows), {}, ctx);
    expect(r.isError).toBe(true);
    expect(r.content[0]?.text).toMatch(/^error internal: internal error/);
    expect(r.content[0]?.text).not.toContain('secret');
  });

  it('answers not_supported when the table lacks the method', async () => {
    const r = await runTool(asTool(uiSnapshot), {}, fakeContext({}));
    // Named as the MCP client knows it: the tool, not the WebSocket method behind it.
    expect(r.content[0]?.text).toMatch(/^error not_supported: ui_snapshot is not available/);
  });

  it('leaves the snapshot lines out of the structured answer', async () => {
    const ctx = fakeContext({
      'tree.snapshot': () => ({
        revision: 3,
        text: '- window "A" [ref=e1]',
        lines: [{ ref: 'e1', depth: 0, role: 'window', name: 'A', states: [] }],
        total: 1,
        truncated: false,
      }),
    });
    const r = await runTool(asTool(uiSnapshot), { window: 'w1' }, ctx);
    expect(r.structuredContent).toEqual({
      revision: 3,
      text: '- window "A" [ref=e1]',
      total: 1,
      truncated: false,
    });
    expect(r.content[0]?.text).toBe('- window "A" [ref=e1]\n(rev 3, 1 elements)');
  });
});

describe('ui_automation answers', () => {
  it('finds with the contract shape', async () => {
    const ctx = fakeContext({
      'elements.find': () => ({ revision: 1, elements: [sampleNode], hasMore: false, scanned: 40 }),
      'windows.list': () => ({
        revision: 1,
        windows: [
          {
            ref: 'w1',
            element: 'e1',
            title: 'Editor',
            app: 'editor',
            rect: null,
            minimized: false,
            maximized: false,
            foreground: true,
            modal: false,
          },
        ],
      }),
    });
    const r = await runTool(asTool(uiAutomation), { action: 'find', name: 'Save' }, ctx);
    const answer = AutomationAnswer.parse(r.structuredContent);
    expect(answer).toMatchObject({
      success: true,
      action: 'find',
      element: {
        elementId: 'e12',
        automationId: 'save',
        controlType: 'Button',
        supportedPatterns: ['Invoke'],
        isEnabled: true,
        isOffscreen: false,
        monitorIndex: 0,
      },
      diagnostics: { windowTitle: 'Editor', elementsScanned: 40, multipleMatches: false },
    });
    expect(answer.elements).toHaveLength(1);
  });

  it('fails with errorType and keeps the structured shape', async () => {
    const ctx = fakeContext({
      'elements.find': () => ({
        revision: 1,
        elements: [sampleNode, { ...sampleNode, ref: 'e13' }],
        hasMore: false,
        scanned: 9,
      }),
    });
    const r = await runTool(asTool(uiAutomation), { action: 'find_and_click', name: 'Save' }, ctx);
    expect(r.isError).toBe(true);
    expect(AutomationAnswer.parse(r.structuredContent)).toMatchObject({
      success: false,
      action: 'find_and_click',
      errorType: 'multiple_matches',
    });
  });

  it('maps app_not_found to window_not_found and bad input to invalid_params', async () => {
    const ctx = fakeContext({
      'elements.find': () => {
        throw new UiError('app_not_found', 'no app foo');
      },
    });
    const r1 = await runTool(asTool(uiAutomation), { action: 'find', name: 'x' }, ctx);
    expect(r1.structuredContent).toMatchObject({ errorType: 'window_not_found' });
    const r2 = await runTool(asTool(uiAutomation), { action: 'fly' }, ctx);
    expect(r2.structuredContent).toMatchObject({ success: false, errorType: 'invalid_params' });
  });
});
