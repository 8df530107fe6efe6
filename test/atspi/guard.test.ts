/**
 * Never harm the target: an app that dies on a read, and an app that stops answering, shown with
 * the fragile fixture app (a real AT-SPI provider on the bus) next to a real GTK app. A call that
 * killed an app is reported and never made again on that toolkit; a hung app is quarantined
 * (its calls fail fast as app_not_responding) while the GTK app stays readable, and is used again
 * once it answers.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { LaunchedApp } from '../../scripts/desktop/session.js';
import type { BackendEvent, BackendNode } from '../../src/backends/backend.js';
import { createAtspiBackend, type AtspiBackend } from '../../src/backends/atspi/index.js';
import { expectUiError, watchFor } from '../conformance/helpers.js';
import { launchAndWait, sharedDesktop, stopSharedDesktop, waitForAppWindow } from './harness.js';

afterAll(stopSharedDesktop);

const FRAGILE = ['--import', 'tsx', new URL('./fragileApp.ts', import.meta.url).pathname];
/** Short call deadline so a hang is seen quickly; the app stays wedged well past it. */
const CALL_TIMEOUT_MS = 1_500;
const HANG_MS = 4_000;

let backend: AtspiBackend | undefined;
const apps: LaunchedApp[] = [];
const logged: string[] = [];
afterEach(async () => {
  await backend?.stop();
  backend = undefined;
  await Promise.all(apps.splice(0).map((a) => a.stop()));
  logged.length = 0;
});

async function start(signal: AbortSignal): Promise<AtspiBackend> {
  const desktop = await sharedDesktop();
  backend = createAtspiBackend({
    env: desktop.env,
    a11yBusAddress: desktop.a11yBusAddress,
    callTimeoutMs: CALL_TIMEOUT_MS,
    log: (line) => logged.push(line),
  });
  await backend.start(signal);
  return backend;
}

async function launch(
  b: AtspiBackend,
  command: string,
  args: string[],
  signal: AbortSignal,
): Promise<{ app: LaunchedApp; window: BackendNode }> {
  const launched = await launchAndWait(await sharedDesktop(), b, command, args, signal);
  apps.push(launched.app);
  return launched;
}

const statusWith =
  (status: string, text: string) =>
  (e: BackendEvent): boolean =>
    e.type === 'status' && e.status === status && (e.reason ?? '').includes(text);

describe('atspi guard', () => {
  it('detects a read that kills an app and never makes that call on its toolkit again', async () => {
    const signal = AbortSignal.timeout(25_000);
    const b = await start(signal);
    const desktop = await sharedDesktop();
    const victim = desktop.launch(process.execPath, [
      ...FRAGILE,
      ...['--title', 'Victim', '--exit-on', 'Component.GetExtents'],
    ]);
    apps.push(victim);
    const reported = watchFor(
      b,
      'status',
      statusWith('ok', 'exited during Component.GetExtents'),
      15_000,
    );
    // Waiting for its window reads the window's extents: the app dies on that call.
    const shown = waitForAppWindow(b, victim, signal).then(
      () => 'shown',
      (err: unknown) => String(err),
    );
    await reported;
    expect(await shown).toMatch(/exited/);
    expect(await victim.exited).toBe(139);
    expect(logged.some((l) => l.includes('Component.GetExtents'))).toBe(true);

    // Another app of the same toolkit with the same fatal call is read without it and lives.
    const { app, window } = await launch(
      b,
      process.execPath,
      [...FRAGILE, '--title', 'Survivor', '--exit-on', 'Component.GetExtents'],
      signal,
    );
    const nodes = await b.fetchSubtree(window.id, { signal });
    expect(nodes.map((n) => n.props.name)).toEqual(['Survivor', 'Press', 'Status']);
    expect(nodes.every((n) => n.props.rect === null)).toBe(true);
    await expectAlive(b, app, window.id, signal);
  });

  it('quarantines an app that stops answering while the rest of the desktop stays live', async () => {
    const signal = AbortSignal.timeout(28_000);
    const b = await start(signal);
    const gtk = await launch(
      b,
      'zenity',
      ['--info', '--title', 'Bystander', '--text', 'Hi'],
      signal,
    );
    const sleepy = await launch(
      b,
      process.execPath,
      [...FRAGILE, '--title', 'Sleepy', '--hang-ms', String(HANG_MS)],
      signal,
    );
    const hung = watchFor(b, 'status', statusWith('degraded', 'not responding'), 10_000);
    const recovered = watchFor(b, 'status', statusWith('ok', 'answers again'), 25_000);
    process.kill(sleepy.app.pid, 'SIGUSR1');
    await expectUiError(b.fetchSubtree(sleepy.window.id, { signal }), ['app_not_responding']);
    await hung;
    // Quarantined: its calls fail at once, naming the quarantine rather than a deadline.
    await expect(b.fetchSubtree(sleepy.window.id, { signal })).rejects.toThrow(/is not responding/);
    // The rest of the desktop stays live: the GTK app is read, the wedged app left out.
    const desktop = await b.fetchSubtree(b.rootId, { signal, maxDepth: 1 });
    expect(desktop.some((n) => n.id === gtk.window.id)).toBe(true);
    expect(desktop.some((n) => n.id === sleepy.window.id)).toBe(false);
    await recovered;
    await expectAlive(b, sleepy.app, sleepy.window.id, signal);
    await expectAlive(b, gtk.app, gtk.window.id, signal);
  });
});

/** The app has not exited and still answers a read of its window. */
async function expectAlive(
  b: AtspiBackend,
  app: LaunchedApp,
  windowId: string,
  signal: AbortSignal,
): Promise<void> {
  const exited = await Promise.race([app.exited.then(() => true), Promise.resolve(false)]);
  expect(exited, `${app.command} exited`).toBe(false);
  const nodes = await b.fetchSubtree(windowId, { signal, maxDepth: 0 });
  expect(nodes[0]?.id).toBe(windowId);
}
