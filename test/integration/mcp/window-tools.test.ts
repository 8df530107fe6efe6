/**
 * Window ops on every transport over the sim: ui_window and ui_automation's window_state over
 * MCP (streamable HTTP), windows.* over the WebSocket, each checked against the sim's own
 * model; a read-only server refuses them on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutomationAnswer } from '../../../src/mcp/tools/automation-shape.js';
import { RawClient, startTestServer, type TestServer } from '../ws/harness.js';
import { call, connectHttp, type HttpHarness, ok, startHttp, useMcpHttp } from './harness.js';

function settings(h: { app: { backend: HttpHarness['app']['backend'] } }) {
  const win = h.app.backend.desktop.zOrder.find((w) => w.name === 'Settings');
  if (win === undefined) throw new Error('Settings is not open');
  return win;
}

describe('ui_window over MCP', () => {
  const mcp = useMcpHttp();

  it('moves, resizes and maximizes, answering the window as read back', async () => {
    const moved = await ok(mcp.client, 'ui_window', {
      op: 'move',
      window: 'Settings',
      x: 300,
      y: 200,
    });
    expect(moved.text).toMatch(/"Settings" normal at 300,200 /);
    expect(settings(mcp.h).rect).toMatchObject({ x: 300, y: 200 });
    await ok(mcp.client, 'ui_window', {
      op: 'resize',
      window: 'Settings',
      width: 500,
      height: 400,
    });
    expect(settings(mcp.h).rect).toEqual({ x: 300, y: 200, width: 500, height: 400 });
    const max = await ok(mcp.client, 'ui_window', {
      op: 'state',
      window: 'Settings',
      state: 'maximized',
    });
    expect(max.structured).toMatchObject({ state: 'maximized', monitor: 0 });
    expect(settings(mcp.h).states.has('maximized')).toBe(true);
  });

  it('names a missing field of the op', async () => {
    const r = await call(mcp.client, 'ui_window', { op: 'move', window: 'Settings', x: 1 });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('needs y');
  });
});

describe('window_state in the ui_automation profile', () => {
  const mcp = useMcpHttp({ mcp: { tools: 'ui_automation' } });

  it('minimizes a window and answers its element', async () => {
    const args = { action: 'window_state', window: 'Settings', state: 'minimized' };
    const answer = AutomationAnswer.parse(
      (await call(mcp.client, 'ui_automation', args)).structured,
    );
    expect(answer).toMatchObject({ success: true, element: { controlType: 'Window' } });
    expect(answer.text).toMatch(/^minimized /);
    expect(settings(mcp.h).states.has('minimized')).toBe(true);
  });
});

describe('read-only servers refuse window ops', () => {
  it('answers read_only over MCP and changes nothing', async () => {
    const h = await startHttp({ readOnly: true });
    const client = await connectHttp(h.url);
    try {
      const before = settings(h).rect;
      const r = await call(client, 'ui_window', { op: 'close', window: 'Settings' });
      expect(r.isError).toBe(true);
      expect(r.text).toContain('read_only');
      expect(settings(h).rect).toEqual(before);
    } finally {
      await client.close();
      await h.close();
    }
  });
});

describe('windows.* over the WebSocket', () => {
  let t: TestServer;
  let ws: RawClient;
  beforeAll(async () => {
    t = await startTestServer();
    ws = await RawClient.open(t.url);
  });
  afterAll(async () => {
    ws.close();
    await t.close();
  });

  it('moves a window and lists its monitor and z-order', async () => {
    const list = await ws.call('windows.list', {});
    const first = (list.result as { windows: { ref: string; title: string }[] }).windows[0];
    if (first === undefined) throw new Error('no windows');
    const moved = await ws.call('windows.move', { window: first.ref, x: 120, y: 90 });
    expect(moved.result).toMatchObject({ window: first.ref, rect: { x: 120, y: 90 } });
    const act = await ws.call('windows.activate', { window: first.ref });
    expect(act.result).toMatchObject({ foreground: true });
    const after = await ws.call('windows.list', {});
    const row = (
      after.result as { windows: { ref: string; z: number; monitor: number }[] }
    ).windows.find((w) => w.ref === first.ref);
    expect(row).toMatchObject({ z: 0, monitor: 0 });
    const monitors = await ws.call('screen.monitors', {});
    expect(monitors.result).toMatchObject({ space: 'physical', monitors: [{ primary: true }] });
  });
});
