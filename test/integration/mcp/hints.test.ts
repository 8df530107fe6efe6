/**
 * Hints name the calls of the transport in use: an MCP answer names MCP tools (of its profile),
 * the method table (what WebSocket clients get) names its methods. Real server over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { call, ok, useMcpHttp } from './harness.js';

const mcp = useMcpHttp();

describe('hints', () => {
  it('name MCP tools in a region read that did not fit, and its subject is shown', async () => {
    // The grid's 21 realized rows (one off-screen, so hidden) do not all show in a region.
    const focus = await ok(mcp.client, 'ui_focus', { target: { automationId: 'grid.row.19' } });
    expect(focus.text).toContain('Row 20');
    const read = await ok(mcp.client, 'ui_read', { region: 'focused' });
    expect(read.text).toMatch(/"Row 20" \[ref=e\d+\][^\n]*\[focused\]/);
    expect(read.text).toMatch(/more \(use ui_snapshot with root=e\d+[,)]/);
    expect(read.text).not.toContain('tree.snapshot');
    // The same read through the method table, as WebSocket clients get it, names the method.
    const ws = await mcp.h.app.handlers['regions.read'](
      { region: 'focused' },
      { clientId: 'ws-test', signal: new AbortController().signal },
    );
    expect(ws.text).toMatch(/more \(use tree\.snapshot with root=e\d+[,)]/);
    expect(ws.text).not.toContain('ui_');
  });

  it('name MCP tools in error recovery', async () => {
    const r = await call(mcp.client, 'ui_invoke', {
      target: { automationId: 'grid.table' },
      pattern: 'Scroll',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('- Use ui_scroll for Scroll');
    expect(r.text).not.toMatch(/actions\.\w+/);
  });
});
