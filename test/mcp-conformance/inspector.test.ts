/**
 * The official MCP Inspector CLI, run as a third-party client against the real CLI over stdio
 * on the sim desktop: `tools/list --strict` must report no tool-schema portability finding
 * (warning or error) in either tool profile, and list every tool.
 */
import { describe, expect, it } from 'vitest';
import { inspectorSupported, strictToolsList } from './inspector.js';

const SERVER = [process.execPath, 'bin/uistream.js', 'mcp', '--backend', 'sim'];

describe.runIf(inspectorSupported())('MCP Inspector --strict', () => {
  it('finds nothing to warn about in the default profile', { timeout: 360_000 }, async () => {
    const run = await strictToolsList(SERVER, 300_000);
    expect(run.code, run.report).toBe(0);
    expect(run.result?.tools.map((t) => t.name)).toContain('ui_click');
    expect(run.result?.tools.length).toBeGreaterThanOrEqual(20);
    expect({ warnings: run.warnings, errors: run.errors }, run.report).toEqual({
      warnings: 0,
      errors: 0,
    });
  });

  it('finds nothing to warn about in the ui_automation profile', { timeout: 360_000 }, async () => {
    const run = await strictToolsList([...SERVER, '--tools', 'ui_automation'], 300_000);
    expect(run.code, run.report).toBe(0);
    expect(run.result?.tools.map((t) => t.name)).toEqual(['ui_automation']);
    expect({ warnings: run.warnings, errors: run.errors }, run.report).toEqual({
      warnings: 0,
      errors: 0,
    });
  });
});
