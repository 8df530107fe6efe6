/**
 * --deny-app holds for clicks at a point: every window under the point is checked against the
 * deny list, not only the element the cache places on top.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, startTestServer, type TestServer } from './harness.js';

interface Win {
  ref: string;
  app: string;
  rect: { x: number; y: number; width: number; height: number };
}

let t: TestServer;
let client: RawClient;
let vault: Win;
/** A click at a point clear of the vault still works. */
const CLEAR_POINT = { x: 100, y: 900 };
beforeAll(async () => {
  t = await startTestServer(
    { executor: { denyApps: ['vault'] } },
    {
      apps: [
        { kind: 'window', app: 'vault', title: 'Vault', at: { x: 600, y: 300 }, elements: [] },
        { kind: 'editor', at: { x: 40, y: 40 }, text: 'hello' },
      ],
    },
  );
  client = await RawClient.open(t.url);
  // Clients cannot see the vault (it is hidden from reads): take its rect from the whole cache.
  const found = t.store
    .windowsList({ includeMinimized: false })
    .windows.find((w) => w.app === 'vault');
  vault = { ref: found!.ref, app: found!.app, rect: found!.rect! };
});
afterAll(async () => {
  client.close();
  await t.close();
});

describe('deny list on input paths', () => {
  it('refuses a click at a point over the denied window, even where another app overlaps it', async () => {
    const { x, y, width, height } = vault.rect;
    // The editor (40,40 800x600) was opened later and covers the vault's top-left part.
    for (const [px, py] of [
      [x + 10, y + 10],
      [x + width - 10, y + height - 10],
    ] as const) {
      const reply = await client.call('actions.click', { target: { x: px, y: py } });
      expect(reply.error?.data?.code, `${px},${py}`).toBe('forbidden_target');
    }
    const clear = await client.call('actions.click', { target: CLEAR_POINT });
    expect(clear.error?.data?.code).not.toBe('forbidden_target');
  });
});
