/**
 * The clipboard on every transport of one real server (sim desktop): written over WebSocket,
 * read over MCP HTTP with ui_clipboard and through ui_automation over MCP stdio (the real CLI,
 * its own sim), and --no-clipboard refused over MCP stdio as a tool error.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RawClient } from '../ws/harness.js';
import {
  call,
  connectHttp,
  connectStdio,
  ok,
  startHttp,
  TOKEN,
  type HttpHarness,
} from './harness.js';

let h: HttpHarness;

beforeAll(async () => {
  h = await startHttp();
}, 30_000);

afterAll(async () => {
  await h?.close();
});

it('writes over WebSocket and reads over MCP HTTP', async () => {
  const ws = await RawClient.open(h.server.url, { token: TOKEN });
  try {
    await ws.call('clipboard.write', { text: 'über ws ✓', html: '<b>ws</b>' });
  } finally {
    ws.close();
  }
  const mcp = await connectHttp(h.url);
  try {
    const text = await ok(mcp, 'ui_clipboard', { op: 'read' });
    expect(text.text).toContain('über ws ✓');
    expect(text.structured).toMatchObject({ formats: ['text', 'html'], owner: 'uistream' });
    const html = await ok(mcp, 'ui_clipboard', { op: 'read', format: 'html' });
    expect(html.text).toContain('<b>ws</b>');
  } finally {
    await mcp.close();
  }
}, 30_000);

it('copies and reads through ui_automation over stdio, and --no-clipboard refuses', async () => {
  const single = await connectStdio(['--tools', 'ui_automation']);
  try {
    await ok(single, 'ui_automation', { action: 'clipboard', text: 'via stdio' });
    const read = await ok(single, 'ui_automation', { action: 'clipboard' });
    expect(read.structured).toMatchObject({ success: true, text: 'via stdio' });
  } finally {
    await single.close();
  }
  const off = await connectStdio(['--no-clipboard']);
  try {
    const refused = await call(off, 'ui_clipboard', { op: 'read' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('not_supported');
  } finally {
    await off.close();
  }
}, 60_000);
