/**
 * An app that stops answering keeps its windows in the cache (atspiUnreadWindows.ts): a desktop
 * listing made while it is quarantined cannot read it and says so, so its windows are neither
 * closed then nor closed or re-added when it answers again; the rest of the desktop stays live.
 */
import { afterAll, afterEach, expect, it } from 'vitest';
import { filter, firstValueFrom, timeout } from 'rxjs';
import type { LaunchedApp } from '../../scripts/desktop/session.js';
import type { BackendEvent } from '../../src/backends/backend.js';
import { createAtspiBackend, type AtspiBackend } from '../../src/backends/atspi/index.js';
import { createCache } from '../../src/cache/index.js';
import type { UiCache } from '../../src/cache/api.js';
import { loadConfig } from '../../src/config.js';
import { expectUiError, watchFor } from '../conformance/helpers.js';
import { launchAndWait, sharedDesktop, stopSharedDesktop } from './harness.js';

afterAll(stopSharedDesktop);

const FRAGILE = ['--import', 'tsx', new URL('./fragileApp.ts', import.meta.url).pathname];
/** Short call deadline so the hang is seen quickly; the app stays wedged well past the test's re-list. */
const CALL_TIMEOUT_MS = 1_500;
const HANG_MS = 25_000;

let backend: AtspiBackend | undefined;
let cache: UiCache | undefined;
const apps: LaunchedApp[] = [];
afterEach(async () => {
  await cache?.stop();
  await backend?.stop();
  await Promise.all(apps.splice(0).map((a) => a.stop()));
});

const statusWith =
  (status: string, text: string) =>
  (e: BackendEvent): boolean =>
    e.type === 'status' && e.status === status && (e.reason ?? '').includes(text);

const windowTitled = (c: UiCache, title: string) =>
  c.windowsList({ includeMinimized: true }).windows.find((w) => w.title === title);

const announced = (c: UiCache, title: string): boolean =>
  c.events
    .read({ after: 0, limit: 10_000 })
    .events.some((e) => e.type === 'window.opened' && e.window.title === title);

/** Resolves once the cache announced a window titled `title` (checked at each patch batch). */
async function untilAnnounced(c: UiCache, title: string): Promise<void> {
  if (announced(c, title)) return;
  await firstValueFrom(
    c.patches$.pipe(
      filter(() => announced(c, title)),
      timeout({ first: 20_000, with: () => Promise.reject(new Error(`${title} never opened`)) }),
    ),
  );
}

it('keeps the windows of a quarantined app through a re-list and its recovery', async () => {
  const signal = AbortSignal.timeout(90_000);
  const desktop = await sharedDesktop();
  backend = createAtspiBackend({
    env: desktop.env,
    a11yBusAddress: desktop.a11yBusAddress,
    callTimeoutMs: CALL_TIMEOUT_MS,
    log: () => undefined,
  });
  await backend.start(signal);
  cache = createCache(backend, loadConfig({}).cache);
  await cache.start(signal);
  const launch = (title: string) =>
    launchAndWait(
      desktop,
      backend!,
      process.execPath,
      [...FRAGILE, '--title', title, '--hang-ms', String(HANG_MS)],
      signal,
    );
  const sleepy = await launch('Sleepy');
  apps.push(sleepy.app);
  await untilAnnounced(cache, 'Sleepy');
  const before = windowTitled(cache, 'Sleepy');
  const since = cache.events.seq;

  const hung = watchFor(backend, 'status', statusWith('degraded', 'not responding'), 10_000);
  const recovered = watchFor(backend, 'status', statusWith('ok', 'answers again'), 60_000);
  process.kill(sleepy.app.pid, 'SIGUSR1');
  await expectUiError(backend.fetchSubtree(sleepy.window.id, { signal }), ['app_not_responding']);
  await hung;

  // A new app's window re-lists the desktop while Sleepy cannot be read.
  const bystander = await launch('Bystander');
  apps.push(bystander.app);
  await untilAnnounced(cache, 'Bystander');
  const busName = sleepy.window.id.slice(0, sleepy.window.id.indexOf(':/'));
  expect(backend.health().quarantined.map((q) => q.app)).toEqual([busName]);
  expect(windowTitled(cache, 'Sleepy')?.ref).toBe(before?.ref);

  await recovered;
  await cache.whenIdle(signal);
  expect(windowTitled(cache, 'Sleepy')?.ref).toBe(before?.ref);
  const told = cache.events.read({ after: since, limit: 1_000 }).events;
  const aboutSleepy = told.filter(
    (e) =>
      (e.type === 'window.closed' && e.title === 'Sleepy') ||
      (e.type === 'window.opened' && e.window.title === 'Sleepy'),
  );
  expect(aboutSleepy).toEqual([]);
}, 120_000);
