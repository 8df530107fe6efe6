/** What the page writes for copying: locators, call dialects and the recorder's exports. */
import { describe, expect, it } from 'vitest';
import type { ElementNode, WindowInfo } from '../../../protocol/src/index.js';
import {
  automationCall,
  effectWaits,
  exportMcp,
  exportTypeScript,
  locatorOf,
  mcpCall,
} from '../../../dashboard/src/scripts.js';

const base: ElementNode = {
  ref: 'e9',
  parent: 'e1',
  window: 'w1',
  controlType: 'Button',
  name: 'Save',
  rect: null,
  states: [],
  patterns: ['Invoke'],
  childCount: 0,
};
const win = { ref: 'w1', title: 'Editor' } as WindowInfo;

describe('locatorOf', () => {
  it('prefers the automation id, scoped to the window title, never the ref', () => {
    expect(locatorOf({ ...base, automationId: 'editor.save' }, win)).toEqual({
      automationId: 'editor.save',
      window: 'Editor',
    });
    expect(locatorOf(base, win)).toEqual({
      name: 'Save',
      nameMatch: 'equals',
      controlType: 'Button',
      window: 'Editor',
    });
  });
});

describe('call dialects', () => {
  const step = {
    method: 'actions.type' as const,
    params: { target: { automationId: 'editor.text' }, text: 'hi' },
  };
  it('names the MCP tool of each method', () => {
    expect(mcpCall(step)).toEqual({ name: 'ui_type', arguments: step.params });
  });
  it('writes the ui_automation form where that tool has the action', () => {
    expect(automationCall(step)).toEqual({
      action: 'find_and_type',
      automationId: 'editor.text',
      text: 'hi',
    });
    expect(automationCall({ method: 'actions.keys', params: { keys: 'Ctrl+S' } })).toBeNull();
  });
});

describe('exports', () => {
  const steps = [
    { method: 'actions.click' as const, params: { target: { automationId: 'editor.save' } } },
    ...effectWaits({ opened: [{ title: 'Save As' }], closed: [] }),
  ];
  it('waits for each target to appear before acting, then for the recorded effects', () => {
    const ts = exportTypeScript(steps, './clients/typescript/index.js');
    expect(ts).toContain("import { connect } from './clients/typescript/index.js';");
    const appear = ts.indexOf('"condition":"appear"');
    const click = ts.indexOf("'actions.click'");
    const opened = ts.indexOf('"condition":"windowOpened","title":"Save As"');
    expect(appear).toBeGreaterThan(0);
    expect(click).toBeGreaterThan(appear);
    expect(opened).toBeGreaterThan(click);
  });
  it('lists the same steps as MCP tool calls', () => {
    expect(JSON.parse(exportMcp(steps))).toEqual([
      { name: 'ui_click', arguments: { target: { automationId: 'editor.save' } } },
      { name: 'ui_wait_for', arguments: { condition: 'windowOpened', title: 'Save As' } },
    ]);
  });
});
