/**
 * Example: a vitest test harness that waits for a dialog via events and clicks OK.
 *
 * Instead of sleeping and polling, the test subscribes to `window.opened`, triggers the app,
 * and reacts the moment the dialog exists; then it checks the dialog really closed.
 */
import { firstValueFrom, filter, timeout } from 'rxjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type UistreamClient } from '../clients/typescript/index.js';
import type { UiEvent } from '../protocol/src/index.js';
import { startSimServer, type ExampleServer } from './support/sim-server.js';

let server: ExampleServer;
let client: UistreamClient;

beforeAll(async () => {
  server = await startSimServer();
  client = await connect(server.url, { token: server.token });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

/** The first event matching, within a deadline. */
function next<T extends UiEvent>(test: (e: UiEvent) => e is T): Promise<T> {
  return firstValueFrom(client.events().pipe(filter(test), timeout(10_000)));
}

it('answers the About dialog with OK', async () => {
  const dialogOpened = next(
    (e): e is Extract<UiEvent, { type: 'window.opened' }> =>
      e.type === 'window.opened' && e.window.title.startsWith('About'),
  );
  await client.call('session.hello'); // make sure the subscription is live

  // The app under test opens the dialog (Help > About).
  await client.call('actions.invoke', {
    target: { automationId: 'editor.menu.help' },
    pattern: 'ExpandCollapse',
    op: 'expand',
  });
  await client.call('actions.click', { target: { name: 'About', controlType: 'MenuItem' } });

  const { window: dialog } = await dialogOpened;
  console.log(`dialog appeared: "${dialog.title}" (${dialog.ref})`);
  const dialogClosed = next(
    (e): e is Extract<UiEvent, { type: 'window.closed' }> =>
      e.type === 'window.closed' && e.window === dialog.ref,
  );
  await client.call('session.hello'); // the second subscription is live too
  await client.call('actions.click', {
    target: { name: 'OK', controlType: 'Button', window: dialog.ref },
  });
  const closed = await dialogClosed;
  expect(closed.title).toBe(dialog.title);
  const { windows } = await client.call('windows.list');
  expect(windows.some((w) => w.ref === dialog.ref)).toBe(false);
});
