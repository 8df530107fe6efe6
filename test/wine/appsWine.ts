/**
 * The apps conformance specs (test/conformance/apps) under Wine: apps.launch, apps.list and
 * apps.close through the method table over the REAL UIA backend, launching the Win32 fixture
 * by its path. Each spec gets a fresh backend, cache and executor; whatever it left running is
 * ended afterwards. Whether a process runs is read here, outside the server (process.kill 0).
 * Unsaved work is real input: the fixture's edit focused and a character typed, which makes
 * its main window ask "Save changes?" on close.
 */
import { resolve } from 'node:path';
import type { MethodInput } from '../../protocol/src/index.js';
import { loadConfig } from '../../src/config.js';
import { composeServices } from '../../src/services.js';
import type { UiaBackend } from '../../src/backends/uia/index.js';
import { APPS_SPECS, type AppsFixture } from '../conformance/apps/specs.js';
import '../support/matchers.js';
import { runSpecs, type AppsRun } from './specRun.js';

const TITLE = 'uistream-apps';

export type { AppsRun } from './specRun.js';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function appsFixture(backend: UiaBackend, exe: string): Promise<AppsFixture> {
  const signal = AbortSignal.timeout(30_000);
  await backend.start(signal);
  const services = composeServices(backend, loadConfig({ backend: 'uia' }));
  await services.store.start(signal);
  const launch: MethodInput<'apps.launch'> = { path: resolve(exe), args: [TITLE] };
  return {
    handlers: services.handlers,
    launch,
    title: TITLE,
    // Either window may be the first one cached (the small one is read sooner): a button of each.
    content: { name: '^(Open later|Close)$', nameMatch: 'regex' },
    async dirty(pid) {
      const s = AbortSignal.timeout(15_000);
      const main = (await backend.listWindows({ pid }, { signal: s })).find(
        (w) => w.title === TITLE,
      );
      if (main === undefined) throw new Error(`no window "${TITLE}" of pid ${pid}`);
      const nodes = await backend.fetchSubtree(main.id, { signal: s });
      const edit = nodes.find(
        (n) => n.props.controlType === 'Edit' && (n.props.value ?? n.props.name) === 'hello',
      );
      if (edit === undefined) throw new Error('no edit holding "hello"');
      await backend.focus(edit.id, { signal: s });
      await backend.input({ kind: 'keys', combos: [{ key: 'End', modifiers: [] }] }, { signal: s });
      await backend.input({ kind: 'text', text: '!' }, { signal: s });
    },
    running,
    async dispose() {
      const s = AbortSignal.timeout(10_000);
      const left = await backend.listWindows({ title: TITLE }, { signal: s }).catch(() => []);
      for (const pid of new Set(left.map((w) => w.pid)))
        await backend.appControl.kill(pid, { signal: s }).catch(() => undefined);
      await services.executor.stop();
      await services.store.stop();
      await backend.stop();
    },
  };
}

export function appsSpecs(run: AppsRun): Promise<void> {
  return runSpecs(run, APPS_SPECS, appsFixture);
}
