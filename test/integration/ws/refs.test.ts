/**
 * Refs that do not resolve say why, on every transport: element_not_found for a ref this server
 * never issued, element_stale (with the last locator) for one whose element is gone, each with
 * its recovery step.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountMcp, type McpHttpEndpoint } from '../../../src/mcp/index.js';
import { TEST_TOKEN, RawClient, startTestServer, type TestServer } from './harness.js';
import { call, connectHttp } from '../mcp/harness.js';

let t: TestServer;
let ws: RawClient;
let endpoint: McpHttpEndpoint;
let mcp: Client;
let goneRef: string;

beforeAll(async () => {
  t = await startTestServer();
  endpoint = mountMcp(t.server, {
    handlers: t.handlers,
    config: t.config,
    cache: t.cache,
  });
  ws = await RawClient.open(t.url);
  mcp = await connectHttp(new URL(`${t.server.httpUrl}/mcp`), TEST_TOKEN);
  const { pid } = t.sim.control.open({
    kind: 'window',
    app: 'probe',
    title: 'Refs probe',
    elements: [{ type: 'Button', name: 'Probe' }],
  });
  await ws.call('actions.waitFor', { condition: 'windowOpened', title: 'Refs probe' });
  const found = await ws.call('elements.find', {
    window: 'Refs probe',
    controlType: 'Button',
    name: 'Probe',
  });
  goneRef = (found.result as { elements: { ref: string }[] }).elements[0]!.ref;
  t.sim.control.close(pid);
  await ws.call('actions.waitFor', { condition: 'windowClosed', title: 'Refs probe' });
});
afterAll(async () => {
  ws.close();
  await mcp.close();
  await endpoint.close();
  await t.close();
});

describe('refs over WebSocket', () => {
  it('answers element_not_found for a ref never issued', async () => {
    const reply = await ws.call('elements.get', { ref: 'e987654' });
    expect(reply.error?.data?.code).toBe('element_not_found');
    expect(reply.error?.data?.recovery.join(' ')).toMatch(/fresh snapshot/);
  });

  it('answers element_stale with the last locator for a ref that existed', async () => {
    const reply = await ws.call('elements.get', { ref: goneRef });
    expect(reply.error?.data?.code).toBe('element_stale');
    expect(reply.error?.data?.details).toMatchObject({ locator: { controlType: 'Button' } });
    expect(reply.error?.data?.recovery.join(' ')).toMatch(/locator/);
  });

  it('answers the same through an action', async () => {
    const never = await ws.call('actions.click', { target: { ref: 'e987654' } });
    expect(never.error?.data?.code).toBe('element_not_found');
    const stale = await ws.call('actions.click', { target: { ref: goneRef } });
    expect(stale.error?.data?.code).toBe('element_stale');
  });
});

describe('refs over MCP', () => {
  it('answers element_not_found and element_stale as tool errors with recovery', async () => {
    const never = await call(mcp, 'ui_get_element', { ref: 'e987654' });
    expect(never.isError).toBe(true);
    expect(never.text).toMatch(/^error element_not_found: [\s\S]*- Take a fresh snapshot/);
    const stale = await call(mcp, 'ui_get_element', { ref: goneRef });
    expect(stale.text).toMatch(/^error element_stale: [\s\S]*locator/);
  });
});
