/** Reads take `app` (name or pid) as windows.list does, so a search never strays into another app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, startTestServer, type TestServer } from './harness.js';

interface Win {
  ref: string;
  app: string;
  pid?: number;
}

let t: TestServer;
let client: RawClient;
let windows: Win[];
beforeAll(async () => {
  t = await startTestServer();
  client = await RawClient.open(t.url);
  windows = ((await client.call('windows.list', {})).result as { windows: Win[] }).windows;
});
afterAll(async () => {
  client.close();
  await t.close();
});

function refsOf(app: string): string[] {
  return windows.filter((w) => w.app === app).map((w) => w.ref);
}

describe('app on reads', () => {
  it('limits elements.find to the app, by name and by pid', async () => {
    const apps = [...new Set(windows.map((w) => w.app))];
    expect(apps.length).toBeGreaterThan(1);
    for (const app of apps) {
      const reply = await client.call('elements.find', { controlType: 'Button', app });
      const found = (reply.result as { elements: { window: string }[] }).elements;
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((e) => refsOf(app).includes(e.window))).toBe(true);
    }
    const withPid = windows.find((w) => w.pid !== undefined);
    if (withPid !== undefined) {
      const reply = await client.call('elements.find', { app: String(withPid.pid) });
      const found = (reply.result as { elements: { window: string }[] }).elements;
      expect(found.every((e) => refsOf(withPid.app).includes(e.window))).toBe(true);
    }
  });

  it('scopes tree.snapshot, tree.get, regions.read and elements.text to the app', async () => {
    const app = windows[1]!.app;
    const own = refsOf(app);
    const snap = (await client.call('tree.snapshot', { app })).result as {
      lines: { ref: string }[];
    };
    expect(own).toContain(await windowOfLine(snap.lines[0]!.ref));
    const tree = (await client.call('tree.get', { app, depth: 0 })).result as {
      tree: { window: string };
    };
    expect(own).toContain(tree.tree.window);
    const region = (await client.call('regions.read', { app, region: 'titlebar' })).result as {
      window: string;
    };
    expect(own).toContain(region.window);
    const text = await client.call('elements.text', { app });
    expect(text.error).toBeUndefined();
  });

  it('answers app_not_found for an app that is not running', async () => {
    const reply = await client.call('elements.find', { name: 'OK', app: 'no-such-app' });
    expect(reply.error?.data?.code).toBe('app_not_found');
  });
});

async function windowOfLine(ref: string): Promise<string> {
  const reply = await client.call('elements.get', { ref });
  return (reply.result as { element: { window: string } }).element.window;
}
