/**
 * The JavaFX library as an in-app provider: a real JavaFX app in the headless desktop connects
 * to a real uistream server (sim backend), and a client finds, invokes and types in it, waits
 * for its dialog by event, and sees its windows close when the app ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UistreamClient } from '../../clients/typescript/index.js';
import { stopSharedDesktop } from '../atspi/harness.js';
import { launchFxFixture, type FxFixture } from '../support/javafx.js';

const APP = 'ProviderDemo';

let fx: FxFixture | undefined;
let client: UistreamClient;

const find = async (automationId: string) =>
  (await client.call('elements.find', { automationId, app: APP })).elements;

describe('JavaFX in-app provider', () => {
  beforeAll(async () => {
    fx = await launchFxFixture({
      mainClass: APP,
      app: APP,
      title: 'Provider Demo',
      config: { mcp: { structured: true } },
    });
    client = fx.uistream.client;
  }, 180_000);

  afterAll(async () => {
    await fx?.close();
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
    const mcp = await fx!.mcpClient('javafx-test');
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
    await fx!.app.stop();
    await client.call('actions.waitFor', {
      condition: 'windowClosed',
      title: 'Provider Demo',
      timeoutMs: 10_000,
    });
    const { windows } = await client.call('windows.list', {});
    expect(windows.filter((w) => w.app === APP)).toEqual([]);
  });
});
