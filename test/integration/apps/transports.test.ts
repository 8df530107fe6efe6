/**
 * Apps on every transport, over real sockets on the sim: JSON-RPC over WebSocket (JSON and
 * MessagePack), MCP over streamable HTTP with the default profile's ui_app, and MCP over stdio
 * (the spawned CLI) with the ui_automation profile's launch_app and close_app.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectStdio, ok, useMcpHttp } from '../mcp/harness.js';
import { RawClient, startTestServer, type TestServer } from '../ws/harness.js';

describe('apps over WebSocket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  for (const encoding of ['json', 'msgpack'] as const) {
    it(`launches and closes over ${encoding}`, async () => {
      const client = await RawClient.open(server.url, { encoding });
      try {
        const launched = await client.call('apps.launch', { name: 'Settings' });
        const result = launched.result as { app: { pid: number }; window: { title: string } };
        expect(result.window.title).toContain('Settings');
        const closed = await client.call('apps.close', { app: String(result.app.pid) });
        expect((closed.result as { status: string }).status).toBe('closed');
        const missing = await client.call('apps.launch', { name: 'Setings' });
        expect(missing.error?.data?.code).toBe('app_not_found');
        expect(missing.error?.data?.details?.closest).toContain('Settings');
      } finally {
        client.close();
      }
    });
  }
});

describe('ui_app over MCP (streamable HTTP)', () => {
  const mcp = useMcpHttp();

  it('launches, types, closes into the save question, and answers it', async () => {
    const launched = await ok(mcp.client, 'ui_app', { op: 'launch', name: 'Editor' });
    const window = (launched.structured as { window: { ref: string } }).window.ref;
    expect(launched.text).toMatch(/^launched editor pid=\d+: window w\d+ "Untitled - Editor"$/);
    const listed = await ok(mcp.client, 'ui_app', { op: 'list' });
    expect(listed.text).toContain(`windows=${window}`);
    await ok(mcp.client, 'ui_type', {
      target: { automationId: 'editor.text', window },
      text: 'hi',
    });
    const pid = (launched.structured as { app: { pid: number } }).app.pid;
    const asked = await ok(mcp.client, 'ui_app', { op: 'close', app: String(pid) });
    expect(asked.text).toMatch(/asks: window w\d+ "Save changes\?"$/);
    const dialog = (asked.structured as { dialog: { ref: string } }).dialog.ref;
    await ok(mcp.client, 'ui_click', { target: { name: "Don't Save", window: dialog } });
    const after = await ok(mcp.client, 'ui_list_windows', {});
    expect(after.text).not.toContain(window);
  });

  it('answers a typed error for a close without app', async () => {
    const r = await call(mcp.client, 'ui_app', { op: 'close' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('invalid_params');
  });
});

describe('launch_app and close_app in the ui_automation profile (stdio)', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectStdio(['--tools', 'ui_automation']);
  }, 30_000);
  afterAll(() => client.close());

  it('launches an app, answering its window element, and closes it', async () => {
    const launched = await ok(client, 'ui_automation', { action: 'launch_app', name: 'Records' });
    const answer = launched.structured as {
      success: boolean;
      element: { controlType: string; name: string };
    };
    expect(answer.success).toBe(true);
    expect(answer.element.controlType).toBe('Window');
    expect(answer.element.name).toContain('Records');
    const pid = /pid=(\d+)/.exec(String((launched.structured as { text?: string }).text))?.[1];
    expect(pid).toBeDefined();
    const closed = await ok(client, 'ui_automation', { action: 'close_app', app: pid });
    expect(closed.structured).toMatchObject({ success: true, text: 'closed' });
    const again = await call(client, 'ui_automation', { action: 'close_app', app: pid });
    expect(again.structured).toMatchObject({ success: false, errorType: 'window_not_found' });
  });
});
