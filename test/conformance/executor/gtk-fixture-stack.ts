/**
 * The GTK modal fixture (test/fixtures/gtk/modal_app.py) under a real AT-SPI backend, cache and
 * executor: what the executor's AT-SPI fixture specs each start before a test and stop after.
 */
import { fileURLToPath } from 'node:url';
import type { LaunchedApp } from '../../../scripts/desktop/session.js';
import type { AtspiBackend } from '../../../src/backends/atspi/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import { createCache } from '../../../src/cache/index.js';
import { loadConfig } from '../../../src/config.js';
import type { Executor } from '../../../src/executor/api.js';
import { createExecutor } from '../../../src/executor/index.js';
import { launchAndWait, sharedDesktop, startBackend } from '../../atspi/harness.js';
import { AccessPolicy } from '../../../src/policy/access.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/gtk/modal_app.py', import.meta.url));

export interface GtkFixtureStack {
  readonly backend: AtspiBackend;
  readonly cache: UiCache;
  readonly executor: Executor;
  readonly app: LaunchedApp;
  /** Backend id of the fixture's main window. */
  readonly mainWindowId: string;
  stop(): Promise<void>;
}

/** Launch the fixture on the shared desktop and start a backend, cache and executor on it. */
export async function startGtkFixture(signal: AbortSignal): Promise<GtkFixtureStack> {
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const launched = await launchAndWait(desktop, backend, '/usr/bin/python3', [FIXTURE], signal);
  const config = loadConfig({});
  const cache = createCache(backend, config.cache);
  await cache.start(signal);
  const executor = createExecutor({
    backend,
    cache,
    policy: AccessPolicy.open(),
    config: config.executor,
  });
  return {
    backend,
    cache,
    executor,
    app: launched.app,
    mainWindowId: launched.window.id,
    stop: async () => {
      await executor.stop();
      await cache.stop();
      await backend.stop();
      await launched.app.stop();
    },
  };
}
