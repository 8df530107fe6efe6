/**
 * Desktop-operations fixtures on AT-SPI/X11 under a real window manager (openbox): one desktop
 * per test file, and per spec a fresh backend, server stack and app (an entry named Text and a
 * reorderable list named Fruits), with outside reads from X's tools and pyatspi.
 */
import { afterAll } from 'vitest';
import { startDesktop, type DesktopSession } from '../../../scripts/desktop/session.js';
import { composeServices } from '../../../src/app.js';
import { createAtspiBackend } from '../../../src/backends/atspi/index.js';
import { loadConfig } from '../../../src/config.js';
import { waitForAppWindow } from '../../atspi/harness.js';
import type { DesktopFixture, DesktopFixtureFactory, Outside } from './fixture.js';
import { x11Outside, xActivePid, xidOf } from './x11Outside.js';

export interface X11App {
  command: string;
  args: string[];
  /** Its window's title (exact). */
  title: string;
  /** Accessible names of its edit and its list, and the control type of the list's rows. */
  edit: string;
  list: string;
  rowType: 'ListItem' | 'DataItem';
  /** Environment the app starts with on top of the session's (a toolkit's scale). */
  env?: Record<string, string>;
}

/** Per test file: two monitors side by side, or one. */
export interface X11DesktopShape {
  twoMonitors?: boolean;
}

let desktop: Promise<DesktopSession> | undefined;

/** The file's openbox desktop, started on first use and stopped after the file. */
function openboxDesktop(shape: X11DesktopShape): Promise<DesktopSession> {
  desktop ??= startDesktop(AbortSignal.timeout(60_000), { windowManager: true, ...shape });
  return desktop;
}

afterAll(async () => {
  const d = desktop;
  desktop = undefined;
  if (d !== undefined) await (await d).stop();
});

/**
 * Wait until the window manager has mapped the new window and focused the app (its window or
 * another it opened at start): the accessible window exists before that, and a click made
 * meanwhile loses its focus to the window manager's own focusing of the new window.
 */
async function mappedAndFocused(
  env: NodeJS.ProcessEnv,
  outside: Outside,
  pid: number,
  signal: AbortSignal,
): Promise<void> {
  for (;;) {
    const now = await outside.window();
    if (now !== null && (now.active || (await xActivePid(env)) === pid)) return;
    if (signal.aborted) throw new Error(`the app never got the focus: ${JSON.stringify(now)}`);
  }
}

export function atspiDesktopFixture(
  app: X11App,
  shape: X11DesktopShape = {},
): DesktopFixtureFactory {
  return async (signal): Promise<DesktopFixture> => {
    const session = await openboxDesktop(shape);
    const backend = createAtspiBackend({
      env: session.env,
      a11yBusAddress: session.a11yBusAddress,
    });
    await backend.start(signal);
    const services = composeServices(backend, loadConfig({ backend: 'atspi' }));
    // Through env(1), which execs the app: the pid stays the app's.
    const vars = Object.entries(app.env ?? {}).map(([k, v]) => `${k}=${v}`);
    const launched =
      vars.length === 0
        ? session.launch(app.command, app.args)
        : session.launch('/usr/bin/env', [...vars, app.command, ...app.args]);
    const stops: (() => Promise<void>)[] = [
      () => launched.stop(),
      () => backend.stop(),
      () => services.store.stop(),
      () => services.executor.stop(),
    ];
    const dispose = async (): Promise<void> => {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    };
    try {
      await services.store.start(signal);
      await waitForAppWindow(backend, launched, signal, (w) => w.props.name === app.title);
      const { handlers } = services;
      // By pid: the app of the spec before may still be on the accessibility bus, same title.
      const mine = { window: app.title, app: String(launched.pid) };
      const edit = { ...mine, name: app.edit, controlType: 'Edit' as const };
      const ctx = { clientId: 'desktop-conformance', signal };
      await handlers['actions.waitFor'](
        { condition: 'appear', target: edit, timeoutMs: 20_000 },
        ctx,
      );
      const xid = await xidOf(session.env, launched.pid, app.title);
      const outside = x11Outside(session.env, { pid: launched.pid, xid, ...app });
      stops.unshift(() => outside.stop());
      await mappedAndFocused(session.env, outside, launched.pid, signal);
      return {
        handlers,
        title: app.title,
        edit,
        row: (name) => ({ ...mine, name, controlType: app.rowType }),
        pid: launched.pid,
        outside,
        dispose,
      };
    } catch (err) {
      await dispose();
      throw err;
    }
  };
}
