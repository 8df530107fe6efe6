/**
 * A tree mirror whose window closes ends with a typed reason, over a real WebSocket against the
 * sim desktop: a last value with `ended` (and a null tree), then completion, never an error.
 */
import { firstValueFrom, lastValueFrom, filter, take, timeout, toArray } from 'rxjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type UistreamClient } from '../../../clients/typescript/index.js';
import { createApp, type App } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { startServer, type RunningServer } from '../../../src/server/index.js';

let app: App;
let server: RunningServer;
let client: UistreamClient;

beforeAll(async () => {
  app = await createApp(loadConfig({ backend: 'sim', port: 0, host: '127.0.0.1' }));
  server = await startServer(app);
  client = await connect(server.url, { token: server.token ?? '' });
});

afterAll(async () => {
  await client.close();
  await server.close();
  await app.stop();
});

it('completes with reason window_closed when the mirrored dialog closes', async () => {
  await client.call('actions.keys', { target: { automationId: 'editor.text' }, keys: 'Ctrl+S' });
  const dialog = await client.call('actions.waitFor', {
    condition: 'windowOpened',
    title: 'Save As',
    timeoutMs: 10_000,
  });
  const ref = dialog.window?.ref;
  if (ref === undefined) throw new Error('no Save As window');

  const mirror = client.tree({ window: ref });
  const all = lastValueFrom(mirror.pipe(toArray(), timeout(20_000)));
  await firstValueFrom(
    mirror.pipe(
      filter((m) => m.tree !== null),
      take(1),
      timeout(10_000),
    ),
  );

  await client.call('actions.setValue', {
    target: { automationId: 'saveas.name' },
    value: 'a.txt',
  });
  await client.call('actions.click', { target: { automationId: 'saveas.save' } });

  const values = await all;
  const last = values.at(-1);
  expect(last?.ended).toMatchObject({ reason: 'window_closed' });
  expect(last?.tree).toBeNull();
  expect(values.slice(0, -1).every((m) => m.ended === undefined && m.tree !== null)).toBe(true);
});
