/** Hints are data; MCP names their calls with the tools the registry binds to each method. */
import { describe, expect, it } from 'vitest';
import { registry } from '../../../protocol/src/index.js';
import { hint, renderRecovery, wsCallName } from '../../../src/hints.js';
import { mcpCallName } from '../../../src/mcp/hints.js';
import { AUTOMATION_ACTIONS } from '../../../src/mcp/tools/automation-shape.js';
import { defaultTools } from '../../../src/mcp/tools/index.js';

describe('mcpCallName', () => {
  it('names tools that exist in each profile, for every acting method', () => {
    const tools = new Set(defaultTools.map((t) => t.name));
    const actions = new Set<string>(AUTOMATION_ACTIONS);
    for (const m of registry.methods) {
      if (m.mcp !== undefined) expect(tools).toContain(m.mcp.tool);
      if (m.mcp?.automation !== undefined) expect(actions).toContain(m.mcp.automation);
      if (m.kind === 'act') expect(m.mcp?.tool).toBeDefined();
    }
  });

  it('renders one hint per transport, params included', () => {
    const recovery = [
      hint('Use {call}, which needs no keyboard focus', 'actions.setValue'),
      'plain advice stays as it is',
      hint('Read the rest ({call})', 'tree.snapshot', { root: 'e5' }),
    ];
    expect(renderRecovery(recovery, wsCallName)).toEqual([
      'Use actions.setValue, which needs no keyboard focus',
      'plain advice stays as it is',
      'Read the rest (tree.snapshot with root=e5)',
    ]);
    expect(renderRecovery(recovery, mcpCallName('default'))).toEqual([
      'Use ui_set_value, which needs no keyboard focus',
      'plain advice stays as it is',
      'Read the rest (ui_snapshot with root=e5)',
    ]);
    expect(renderRecovery(recovery, mcpCallName('ui_automation'))[2]).toBe(
      'Read the rest (ui_automation (action "get_tree") with root=e5)',
    );
    expect(mcpCallName('ui_automation')('actions.keys')).toBe('ui_automation');
  });
});
