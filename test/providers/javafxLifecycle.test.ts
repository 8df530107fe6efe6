/**
 * The JavaFX provider across failures: a restarted uistream server gets the app back (the
 * provider reconnects with backoff), and an app killed while an action waits on its FX thread
 * answers that action with a typed error while the server carries on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UistreamError } from '../../clients/typescript/index.js';
import type { LaunchedApp } from '../../scripts/desktop/session.js';
import { sharedDesktop, stopSharedDesktop } from '../atspi/harness.js';
import { buildJavafxFixtures, fixtureArgs, startUistream, type Uistream } from './javafxHarness.js';

const APP = 'ProviderDemo';
const TITLE = 'Provider Demo';

let uistream: Uistream;
let fxApp: LaunchedApp;

const waitFor = (u: Uistream, args: Record<string, unknown>) =>
  u.client.call('actions.waitFor', { timeoutMs: 30_000, ...args } as never);

describe('JavaFX provider lifecycle', () => {
  beforeAll(async () => {
    buildJavafxFixtures();
    uistream = await startUistream();
    const desktop = await sharedDesktop();
    fxApp = desktop.launch('java', fixtureArgs('ProviderDemo', uistream.server.url, APP));
    await waitFor(uistream, { condition: 'windowOpened', title: TITLE, timeoutMs: 60_000 });
  }, 180_000);

  afterAll(async () => {
    await fxApp?.stop();
    await uistream?.close();
    await stopSharedDesktop();
  });

  it('a new server on the same port gets the app back', async () => {
    const port = Number(new URL(uistream.server.url).port);
    await uistream.close();
    uistream = await startUistream(port);
    // The provider retries with backoff (at most 10 s between tries).
    await waitFor(uistream, { condition: 'windowOpened', title: TITLE });
    const { elements } = await uistream.client.call('elements.find', {
      automationId: 'greet',
      app: APP,
    });
    expect(elements.map((e) => e.name)).toEqual(['Greet']);
  }, 60_000);

  it('killing the app mid-action answers a typed error; the server carries on', async () => {
    const { client } = uistream;
    await client.call('actions.invoke', {
      target: { automationId: 'busy', app: APP },
      pattern: 'Invoke',
    });
    // "busy" is set just before the app's handler holds the FX thread.
    await waitFor(uistream, {
      condition: 'nameMatches',
      target: { automationId: 'status', app: APP },
      value: '^busy$',
    });
    const stuck = client
      .call('actions.invoke', { target: { automationId: 'greet', app: APP }, pattern: 'Invoke' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    await fxApp.stop();
    const err = await stuck;
    expect(err).toBeInstanceOf(UistreamError);
    expect(['app_not_responding', 'element_stale', 'timeout']).toContain(
      (err as UistreamError).code,
    );
    await waitFor(uistream, { condition: 'windowClosed', title: TITLE });
    const { windows } = await client.call('windows.list', {});
    expect(windows.filter((w) => w.app === APP)).toEqual([]);
  }, 60_000);
});
