/**
 * A provider's snapshot in parts against a real server on the sim: a new window's nodes are
 * staged as the parts arrive and the window opens once, whole, with the snapshot that ends them;
 * a provider that goes mid-snapshot leaves no window behind and the server carries on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { firstValueFrom, take, takeWhile, toArray } from 'rxjs';
import { connect, type UistreamClient } from '../../../clients/typescript/index.js';
import type { ProviderNode } from '../../../protocol/src/index.js';
import { PROVIDER_PATH, PROVIDER_SUBPROTOCOL } from '../../../protocol/src/index.js';
import { createApp, type App } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { startServer, type RunningServer } from '../../../src/server/index.js';
import { node } from './fixture.js';

const TOKEN = 'provider-test-token-0123456789';
const APP = 'PartsDemo';
const ROWS = 300;

let app: App | undefined;
let server: RunningServer | undefined;
let client: UistreamClient | undefined;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await client?.close();
  await server?.close();
  await app?.stop();
  client = server = app = undefined;
});

async function start(): Promise<UistreamClient> {
  app = await createApp(loadConfig({ backend: 'sim', port: 0, token: TOKEN }));
  server = await startServer(app);
  client = await connect(server.url, { token: TOKEN });
  return client;
}

/** A raw provider, subscribed: resolves once the server asked for its tree. */
async function subscribedProvider(): Promise<WebSocket> {
  const url = new URL(PROVIDER_PATH, (server as RunningServer).url.replace(/^http/, 'ws'));
  const ws = new WebSocket(url, [PROVIDER_SUBPROTOCOL], {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  sockets.push(ws);
  const subscribed = new Promise<void>((resolve) =>
    ws.on('message', (d: Buffer) => {
      if ((JSON.parse(d.toString('utf8')) as { type: string }).type === 'subscribe') resolve();
    }),
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const hello = { protocol: 1, app: APP, pid: 525252, toolkit: 'test', toolkitVersion: '' };
  ws.send(JSON.stringify({ type: 'hello', ...hello, capabilities: { actions: [] } }));
  await subscribed;
  return ws;
}

/** A window with a pane of ROWS labels, pre-order. */
function sceneNodes(): ProviderNode[] {
  const rows = Array.from({ length: ROWS }, (_, i) => `row-${i}`);
  return [
    node('win', null, ['pane'], { controlType: 'Window', name: 'Parts Demo' }),
    node('pane', 'win', rows, { controlType: 'Pane' }),
    ...rows.map((id, i) =>
      node(id, 'pane', [], { controlType: 'Text', name: `row ${i}`, automationId: id }),
    ),
  ];
}

const sendParts = (ws: WebSocket, nodes: ProviderNode[], parts: number): void => {
  const size = Math.ceil(nodes.length / (parts + 1));
  for (let part = 0; part < parts; part++) {
    const chunk = nodes.slice(part * size, (part + 1) * size);
    ws.send(JSON.stringify({ type: 'snapshotPart', seq: 0, part, nodes: chunk }));
  }
};

describe('a provider snapshot in parts', () => {
  it('opens its new window once, whole, with the snapshot that ends the parts', async () => {
    const c = await start();
    // Everything this app announces, in order, until the marker change that follows the sync.
    const announced = firstValueFrom(
      c.events({ types: ['window.opened', 'property.changed'], apps: [APP] }).pipe(
        takeWhile((e) => e.type !== 'property.changed', true),
        toArray(),
      ),
    );
    const first = firstValueFrom(c.events({ types: ['window.opened'], apps: [APP] }).pipe(take(1)));
    await c.call('windows.list', {});
    const ws = await subscribedProvider();
    const nodes = sceneNodes();
    sendParts(ws, nodes, 3);
    const rest = nodes.slice(3 * Math.ceil(nodes.length / 4));
    const end = { type: 'snapshot', seq: 0, windows: ['win'], nodes: rest, focus: null, parts: 3 };
    ws.send(JSON.stringify(end));
    const event = await first;
    expect(event.type === 'window.opened' && event.window.title).toBe('Parts Demo');
    // Read right after the announcement: every row is there, the last part's too.
    const last = await c.call('elements.find', { automationId: `row-${ROWS - 1}`, app: APP });
    expect(last.elements.map((e) => e.name)).toEqual([`row ${ROWS - 1}`]);
    const rows = await c.call('elements.find', { controlType: 'Text', app: APP, maxResults: 1000 });
    expect(rows.elements).toHaveLength(ROWS);
    const marker = node('row-0', 'pane', [], {
      controlType: 'Text',
      name: 'marked',
      automationId: 'row-0',
    });
    ws.send(JSON.stringify({ type: 'delta', seq: 1, upsert: [marker], remove: [] }));
    expect((await announced).map((e) => e.type)).toEqual(['window.opened', 'property.changed']);
  });

  it('leaves no window behind when the provider goes mid-snapshot; the next one opens', async () => {
    const c = await start();
    const gone = await subscribedProvider();
    sendParts(gone, sceneNodes(), 2);
    const closed = new Promise((resolve) => gone.once('close', resolve));
    gone.close();
    await closed;
    const ws = await subscribedProvider();
    const nodes = sceneNodes();
    ws.send(JSON.stringify({ type: 'snapshot', seq: 0, windows: ['win'], nodes, focus: null }));
    const found = await c.call('actions.waitFor', {
      condition: 'windowOpened',
      title: 'Parts Demo',
      timeoutMs: 10_000,
    });
    expect(found).toBeDefined();
    const { windows } = await c.call('windows.list', { app: APP });
    expect(windows.map((w) => w.title)).toEqual(['Parts Demo']);
  });
});
