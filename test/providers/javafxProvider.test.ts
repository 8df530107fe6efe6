/**
 * The JavaFX library as an in-app provider: a real JavaFX app in the headless desktop connects
 * to a real uistream server (sim backend), and a client finds, invokes and types in it, waits
 * for its dialog by event, and sees its windows close when the app ends.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connect, type UistreamClient } from '../../clients/typescript/index.js';
import type { LaunchedApp } from '../../scripts/desktop/session.js';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { mountMcp, type McpHttpEndpoint } from '../../src/mcp/index.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { sharedDesktop, stopSharedDesktop } from '../atspi/harness.js';

const TOKEN = 'javafx-provider-token-0123456789';
const FX = ['--module-path', '/usr/share/openjfx/lib', '--add-modules', 'javafx.controls'];
const OUT = '.tmp/javafx-fixture';
const APP = 'ProviderDemo';

let app: App;
let server: RunningServer;
let client: UistreamClient;
let fxApp: LaunchedApp;
let mcpEndpoint: McpHttpEndpoint;

function buildFixture(): void {
  const lib = spawnSync('bash', ['providers/javafx/build.sh'], { encoding: 'utf8' });
  expect(lib.status, lib.stderr).toBe(0);
  mkdirSync(OUT, { recursive: true });
  const javac = spawnSync(
    'javac',
    [
      ...FX,
      '-cp',
      'providers/javafx/build/mcp-javafx-debug.jar',
      '-d',
      OUT,
      'test/fixtures/javafx/ProviderDemo.java',
    ],
    { encoding: 'utf8' },
  );
  expect(javac.status, javac.stderr).toBe(0);
}

const find = async (automationId: string) =>
  (await client.call('elements.find', { automationId, app: APP })).elements;

describe('JavaFX in-app provider', () => {
  beforeAll(async () => {
    buildFixture();
    app = await createApp(
      loadConfig({ backend: 'sim', port: 0, token: TOKEN, mcp: { structured: true } }),
    );
    server = await startServer(app);
    mcpEndpoint = mountMcp(server, {
      handlers: app.handlers,
      config: app.config,
      cache: app.cache,
    });
    client = await connect(server.url, { token: TOKEN });
    const desktop = await sharedDesktop();
    fxApp = desktop.launch('java', [
      ...FX,
      '-cp',
      `providers/javafx/build/mcp-javafx-debug.jar:${OUT}`,
      '-Dmcp.ui=true',
      `-Dmcp.uistream=${server.url}`,
      `-Dmcp.uistream.token=${TOKEN}`,
      `-Dmcp.app=${APP}`,
      'ProviderDemo',
    ]);
    await client.call('actions.waitFor', {
      condition: 'windowOpened',
      title: 'Provider Demo',
      timeoutMs: 60_000,
    });
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    await mcpEndpoint?.close();
    await server?.close();
    await app?.stop();
    await stopSharedDesktop();
  });

  it('the scene graph is in the cache with ids and types', async () => {
    const [greet] = await find('greet');
    expect([greet?.controlType, greet?.name, greet?.className]).toEqual([
      'Button',
      'Greet',
      'Button',
    ]);
    const [name] = await find('name');
    expect(name?.controlType).toBe('Edit');
    const { windows } = await client.call('windows.list', { app: APP });
    expect(windows.map((w) => w.title)).toEqual(['Provider Demo']);
  });

  it('invoke runs the button in the app and its effect arrives as a change', async () => {
    await client.call('actions.invoke', {
      target: { automationId: 'greet', app: APP },
      pattern: 'Invoke',
    });
    const done = await client.call('actions.waitFor', {
      condition: 'nameMatches',
      target: { automationId: 'status', app: APP },
      value: '^clicked 1$',
      timeoutMs: 10_000,
    });
    expect(done.element?.name).toBe('clicked 1');
  });

  it('an MCP client finds, clicks and types in the app, waits for its dialog by event', async () => {
    const mcp = new Client({ name: 'javafx-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.httpUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    try {
      const tool = async (name: string, args: Record<string, unknown>) => {
        const r = await mcp.callTool({ name, arguments: args });
        expect(r.isError, JSON.stringify(r.content)).not.toBe(true);
        return r.structuredContent as Record<string, unknown>;
      };
      const found = await tool('ui_find', { automationId: 'greet', app: APP });
      expect(JSON.stringify(found)).toContain('Greet');
      await tool('ui_click', { target: { automationId: 'greet', app: APP } });
      await tool('ui_wait_for', {
        condition: 'nameMatches',
        target: { automationId: 'status', app: APP },
        value: '^clicked 2$',
      });
      await tool('ui_type', { target: { automationId: 'name', app: APP }, text: 'typed by MCP' });
      const [name] = await find('name');
      expect(name?.value).toBe('typed by MCP');
      // The dialog is waited for by event, through MCP too, and closed the same way.
      await tool('ui_click', { target: { automationId: 'open', app: APP } });
      const opened = await tool('ui_wait_for', { condition: 'windowOpened', title: 'Demo Dialog' });
      expect(JSON.stringify(opened.window)).toContain('Demo Dialog');
      await tool('ui_click', { target: { automationId: 'close', app: APP } });
      await tool('ui_wait_for', { condition: 'windowClosed', title: 'Demo Dialog' });
    } finally {
      await mcp.close();
    }
  });

  it('setValue types into the text field', async () => {
    await client.call('actions.setValue', {
      target: { automationId: 'name', app: APP },
      value: 'Grüße ✓',
    });
    const [name] = await find('name');
    expect(name?.value).toBe('Grüße ✓');
  });

  it('a dialog opened in the app is waited for by event and closes the same way', async () => {
    await client.call('actions.invoke', {
      target: { automationId: 'open', app: APP },
      pattern: 'Invoke',
    });
    await client.call('actions.waitFor', {
      condition: 'windowOpened',
      title: 'Demo Dialog',
      timeoutMs: 10_000,
    });
    await client.call('actions.invoke', {
      target: { automationId: 'close', app: APP },
      pattern: 'Invoke',
    });
    await client.call('actions.waitFor', {
      condition: 'windowClosed',
      title: 'Demo Dialog',
      timeoutMs: 10_000,
    });
    const { windows } = await client.call('windows.list', { app: APP });
    expect(windows.map((w) => w.title)).toEqual(['Provider Demo']);
  });

  it('ending the app closes its windows', async () => {
    await fxApp.stop();
    await client.call('actions.waitFor', {
      condition: 'windowClosed',
      title: 'Provider Demo',
      timeoutMs: 10_000,
    });
    const { windows } = await client.call('windows.list', {});
    expect(windows.filter((w) => w.app === APP)).toEqual([]);
  });
});
