/**
 * In-app providers against a real server on the sim, over real sockets: a provider app's tree
 * joins the cache beside the sim's windows, actions reach the app and are verified by what it
 * then reports, and a misbehaving or absent provider never disturbs the server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connect, UistreamError, type UistreamClient } from '../../../clients/typescript/index.js';
import {
  ProviderActionError,
  ProviderConnection,
  type ProviderOptions,
} from '../../../clients/typescript/provider.js';
import type { ProviderAction } from '../../../protocol/src/index.js';
import { PROVIDER_SUBPROTOCOL } from '../../../protocol/src/index.js';
import { createApp, type App } from '../../../src/app.js';
import { loadConfig, type ConfigInput } from '../../../src/config.js';
import { startServer, type RunningServer } from '../../../src/server/index.js';
import { demoTree, GREET, labelNode, WINDOW } from './fixture.js';

const TOKEN = 'provider-test-token-0123456789';
const APP = 'ProviderDemo';

let app: App | undefined;
let server: RunningServer | undefined;
let client: UistreamClient | undefined;
const providers: ProviderConnection[] = [];

afterEach(async () => {
  for (const p of providers.splice(0)) await p.close().catch(() => undefined);
  await client?.close();
  await server?.close();
  await app?.stop();
  client = server = app = undefined;
});

async function start(
  overrides: ConfigInput = {},
): Promise<{ url: string; client: UistreamClient }> {
  app = await createApp(loadConfig({ backend: 'sim', port: 0, token: TOKEN, ...overrides }));
  server = await startServer(app);
  client = await connect(server.url, { token: TOKEN });
  return { url: server.url, client };
}

/** A provider serving the demo tree; invoking Greet changes the label, as the app would. */
async function provide(
  url: string,
  onAction?: (action: ProviderAction, p: ProviderConnection) => Promise<void>,
  extra: Partial<ProviderOptions> = {},
): Promise<ProviderConnection> {
  const holder: { self?: ProviderConnection } = {};
  const p = await ProviderConnection.connect({
    url,
    token: TOKEN,
    app: APP,
    pid: 424242,
    toolkit: 'test',
    actions: ['invoke', 'focus', 'setText'],
    onAction: async (action) => {
      if (onAction !== undefined && holder.self !== undefined) return onAction(action, holder.self);
      if (action.kind === 'invoke' && action.id === GREET) {
        holder.self?.update({ upsert: [labelNode('greeted')] });
        return { via: 'pattern' };
      }
      throw new ProviderActionError('not_supported', `${action.kind} is not offered`);
    },
    ...extra,
  });
  holder.self = p;
  p.setTree([WINDOW], demoTree(), GREET);
  providers.push(p);
  return p;
}

async function waitWindow(c: UistreamClient, condition: 'windowOpened' | 'windowClosed') {
  return c.call('actions.waitFor', { condition, title: 'Provider Demo', timeoutMs: 10_000 });
}

describe('in-app providers', () => {
  it('a provider app appears among the windows with its tree', async () => {
    const { url, client: c } = await start();
    await provide(url);
    await waitWindow(c, 'windowOpened');
    const { windows } = await c.call('windows.list', { app: APP });
    expect(windows.map((w) => [w.title, w.app, w.pid])).toEqual([['Provider Demo', APP, 424242]]);
    const found = await c.call('elements.find', { automationId: 'greet', app: APP });
    expect(found.elements.map((e) => [e.controlType, e.name])).toEqual([['Button', 'Greet']]);
    const others = await c.call('windows.list', {});
    expect(others.windows.length).toBeGreaterThan(1);
  });

  it('an action reaches the app and answers ok once the app reports its effect', async () => {
    const { url, client: c } = await start();
    const seen: ProviderAction[] = [];
    await provide(url, (action, p) => {
      seen.push(action);
      p.update({ upsert: [labelNode('greeted')] });
      return Promise.resolve();
    });
    await waitWindow(c, 'windowOpened');
    const result = await c.call('actions.invoke', {
      target: { automationId: 'greet', app: APP },
      pattern: 'Invoke',
    });
    expect(seen).toEqual([{ kind: 'invoke', id: GREET }]);
    expect([result.method, result.element?.name]).toEqual(['pattern', 'Greet']);
    const label = await c.call('elements.find', { automationId: 'label', app: APP });
    expect(label.elements[0]?.name).toBe('greeted');
  });

  it('an app that never answers gets the action deadline as a typed timeout', async () => {
    const { url, client: c } = await start();
    await provide(url, () => new Promise(() => undefined));
    await waitWindow(c, 'windowOpened');
    const err = await c
      .call('actions.invoke', {
        target: { automationId: 'greet', app: APP },
        pattern: 'Invoke',
        timeoutMs: 1_000,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UistreamError);
    expect((err as UistreamError).code).toBe('timeout');
  });

  it('a disconnect closes the app’s windows; the rest of the desktop stays', async () => {
    const { url, client: c } = await start();
    const p = await provide(url);
    await waitWindow(c, 'windowOpened');
    const before = (await c.call('windows.list', {})).windows.length;
    await p.close();
    await waitWindow(c, 'windowClosed');
    const after = await c.call('windows.list', {});
    expect(after.windows.length).toBe(before - 1);
    expect(after.windows.some((w) => w.app === APP)).toBe(false);
  });

  it('a lost delta is repaired by a resync from the provider', async () => {
    const { url, client: c } = await start();
    const p = await provide(url);
    await waitWindow(c, 'windowOpened');
    p.skipDelta();
    p.update({ upsert: [labelNode('after the gap')] });
    const found = await c.call('actions.waitFor', {
      condition: 'nameMatches',
      target: { automationId: 'label', app: APP },
      value: '^after the gap$',
      timeoutMs: 10_000,
    });
    expect(found.element?.name).toBe('after the gap');
  });

  it('a malformed message closes only that provider, with a typed reason', async () => {
    const { url, client: c } = await start();
    const good = await provide(url);
    const bad = await provide(url, undefined, { app: 'Other', pid: 424243 });
    bad.sendRaw('{"type":"delta","seq":"one"}');
    const closed = await bad.closed;
    expect(closed.code).toBe(4400);
    expect(closed.reason).toMatch(/bad message/);
    good.update({ upsert: [labelNode('still here')] });
    const found = await c.call('actions.waitFor', {
      condition: 'nameMatches',
      target: { automationId: 'label', app: APP },
      value: '^still here$',
      timeoutMs: 10_000,
    });
    expect(found.element?.name).toBe('still here');
  });

  it('a node off the schema or a snapshot part out of order closes with the reason', async () => {
    const { url } = await start();
    const badNode = await provide(url, undefined, { app: 'Other', pid: 424243 });
    badNode.sendRaw('{"type":"delta","seq":1,"upsert":[{"id":"n1","parentId":""}]}');
    expect(await badNode.closed).toEqual({
      code: 4400,
      reason: 'bad message: node 0: parentId is not a node id or null',
    });
    const badPart = await provide(url, undefined, { app: 'Third', pid: 424244 });
    badPart.sendRaw('{"type":"snapshotPart","seq":0,"part":3,"nodes":[]}');
    expect(await badPart.closed).toEqual({
      code: 4400,
      reason: 'snapshot part 3 of seq 0 is out of order',
    });
  });

  it('needs the token and the provider subprotocol', async () => {
    const { url } = await start();
    await expect(
      ProviderConnection.connect({
        url,
        token: 'wrong-token-0123456789',
        app: APP,
        toolkit: 't',
        actions: [],
        onAction: () => Promise.resolve(),
      }),
    ).rejects.toThrow(/HTTP 401/);
    const raw = new WebSocket(new URL('/provider', url), ['uistream.json'], {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const status = await new Promise<number | undefined>((resolve) => {
      raw.once('unexpected-response', (_req, res) => resolve(res.statusCode));
      raw.once('open', () => resolve(undefined));
      raw.once('error', () => undefined);
    });
    expect(status).toBe(400);
    expect(PROVIDER_SUBPROTOCOL).toBe('uistream.provider.v1');
  });

  it('read-only and deny-app apply to provider apps', async () => {
    const ro = await start({ readOnly: true });
    const seen: ProviderAction[] = [];
    await provide(ro.url, (action) => {
      seen.push(action);
      return Promise.resolve();
    });
    await waitWindow(ro.client, 'windowOpened');
    const err = await ro.client
      .call('actions.invoke', { target: { automationId: 'greet', app: APP }, pattern: 'Invoke' })
      .catch((e: unknown) => e);
    expect((err as UistreamError).code).toBe('read_only');
    expect(seen).toEqual([]);
    for (const p of providers.splice(0)) await p.close();
    await client?.close();
    await server?.close();
    await app?.stop();
    const denied = await start({ executor: { denyApps: [APP] } });
    await provide(denied.url);
    const all = await denied.client.call('windows.list', {});
    expect(all.windows.some((w) => w.app === APP)).toBe(false);
  });
});
