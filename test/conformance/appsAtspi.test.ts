/**
 * The apps conformance specs on AT-SPI under a real window manager (openbox): the GTK fixture
 * editor and the Qt fixture, each installed as a desktop entry in a private XDG_DATA_HOME and
 * launched by its desktop id; closing goes through _NET_CLOSE_WINDOW. Processes are checked
 * through /proc, not through the server.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeServices } from '../../src/app.js';
import { createAtspiBackend } from '../../src/backends/atspi/index.js';
import { loadConfig } from '../../src/config.js';
import { startDesktop } from '../../scripts/desktop/session.js';
import { QT_APP_SCRIPT, SYSTEM_PYTHON } from '../fixtures/toolkits/qtApp.js';
import { runAppsConformance } from './apps/harness.js';
import type { AppsFixture } from './apps/specs.js';

const GTK_EDITOR = fileURLToPath(new URL('../fixtures/gtk/editor_app.py', import.meta.url));
const ctx = () => ({ clientId: 'apps-conformance', signal: AbortSignal.timeout(10_000) });

function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return false;
  }
}

interface Toolkit {
  id: string;
  name: string;
  exec: (folder: string) => string;
  title: string;
  content: AppsFixture['content'];
  edit: { controlType: 'Edit'; name?: string };
}

async function atspiFixture(kit: Toolkit): Promise<AppsFixture> {
  const folder = mkdtempSync(join(tmpdir(), 'uistream-apps-'));
  mkdirSync(join(folder, 'applications'));
  const entry = `[Desktop Entry]\nType=Application\nName=${kit.name}\nExec=${kit.exec(folder)}\n`;
  writeFileSync(join(folder, 'applications', `${kit.id}.desktop`), entry);
  const signal = AbortSignal.timeout(60_000);
  const desktop = await startDesktop(signal, { windowManager: true });
  const env = { ...desktop.env, XDG_DATA_HOME: folder, XDG_DATA_DIRS: join(folder, 'none') };
  const backend = createAtspiBackend({ env, a11yBusAddress: desktop.a11yBusAddress });
  await backend.start(signal);
  const services = composeServices(backend, loadConfig({ backend: 'atspi' }));
  await services.store.start(signal);
  const { handlers } = services;
  return {
    handlers,
    launch: { desktopId: kit.id },
    title: kit.title,
    content: kit.content,
    async dirty(pid) {
      const target = { ...kit.edit, app: String(pid) };
      await handlers['actions.type']({ target, text: 'unsaved', waitMs: 10_000 }, ctx());
    },
    running,
    async dispose() {
      // Apps this suite started (and a spec left) go with their process, then the desktop.
      const left = (await handlers['apps.list']({}, ctx())).apps;
      for (const app of left)
        if (app.pid !== undefined) await backend.appControl.kill(app.pid, ctx());
      await services.executor.stop();
      await services.store.stop();
      await backend.stop();
      await desktop.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

runAppsConformance('atspi-gtk3 (openbox)', () =>
  atspiFixture({
    id: 'uistream-fixture-editor',
    name: 'Fixture Editor',
    exec: (folder) =>
      `${SYSTEM_PYTHON} ${GTK_EDITOR} ${join(folder, 'state.json')} --confirm-close`,
    title: 'Fixture Editor',
    content: { controlType: 'MenuBar' },
    edit: { controlType: 'Edit' },
  }),
);

runAppsConformance('atspi-qt5 (openbox)', () =>
  atspiFixture({
    id: 'uistream-fixture-qt',
    name: 'Fixture Qt',
    exec: () => `${SYSTEM_PYTHON} ${QT_APP_SCRIPT} --qt 5 --title "Qt apps" --confirm-close`,
    // Its second top-level window maps first: the launch answers that one.
    title: 'Notes',
    content: { name: 'Scratch notes' },
    edit: { controlType: 'Edit', name: 'Name' },
  }),
);
