/** The hint table names real tools and covers every method a hint can name. */
import { describe, expect, it } from 'vitest';
import { methods } from '../../../protocol/src/registry.js';
import {
  AUTOMATION_PROFILE_ACTIONS,
  DEFAULT_PROFILE_TOOLS,
  mcpErrorHints,
  mcpHints,
} from '../../../src/mcp/hints.js';
import { AUTOMATION_ACTIONS } from '../../../src/mcp/tools/automation-shape.js';
import { defaultTools } from '../../../src/mcp/tools/index.js';

describe('mcpHints', () => {
  it('maps methods to tools that exist in each profile', () => {
    const tools = new Set(defaultTools.map((t) => t.name));
    for (const tool of Object.values(DEFAULT_PROFILE_TOOLS)) expect(tools).toContain(tool);
    const actions = new Set<string>(AUTOMATION_ACTIONS);
    for (const action of Object.values(AUTOMATION_PROFILE_ACTIONS))
      expect(actions).toContain(action);
    const actionMethods = methods.filter((m) => m.kind === 'action').map((m) => m.name);
    for (const method of actionMethods) expect(DEFAULT_PROFILE_TOOLS).toHaveProperty([method]);
  });

  it('rewrites every known method in error text', () => {
    expect(mcpErrorHints('Scroll has no operation for actions.invoke', 'default')).toBe(
      'Scroll has no operation for ui_invoke',
    );
    expect(mcpErrorHints('see foo.bar', 'default')).toBe('see foo.bar');
  });

  it('rewrites hints only, per profile', () => {
    const text = '- Use actions.setValue, which needs no keyboard focus\n- button "call tree.x"';
    expect(mcpHints(text, 'default')).toBe(
      '- Use ui_set_value, which needs no keyboard focus\n- button "call tree.x"',
    );
    expect(mcpHints('use tree.snapshot with root=e5', 'ui_automation')).toBe(
      'use ui_automation (action "get_tree") with root=e5',
    );
    expect(mcpHints('a name with elements.find in it', 'default')).toBe(
      'a name with elements.find in it',
    );
  });
});
