/**
 * The sim's apps capability: a catalogue of installed apps (the scene kinds, each with a
 * desktop id and a program path under /usr/bin), launched as new simulated processes; a close
 * request goes to the window's own close handler (the editor asks "Save changes?" when its
 * text is unsaved); kill crashes the process. Argument 1 of the editor is the file it opens.
 */
import { ElementStaleError, throwIfAborted, UiError } from '../../errors.js';
import type {
  AppsOptions,
  BackendApps,
  InstalledApp,
  LaunchRequest,
  ResolvedLaunch,
} from '../apps.js';
import { byDesktopId, byName } from '../launchMatch.js';
import { launchApp } from './apps/launch.js';
import type { Desktop } from './desktop.js';
import { windowOf } from './element.js';
import type { AppSpec } from './scene.js';
import { closeWindow, crashApp } from './windows.js';

type Kind = Exclude<AppSpec['kind'], 'window'>;

const CATALOGUE: readonly (InstalledApp & { kind: Kind })[] = [
  entry('editor', 'Editor', 'editor'),
  entry('settings', 'Settings', 'settings'),
  entry('installer', 'Setup', 'setup'),
  entry('grid', 'Records', 'records'),
  entry('slow', 'Busy App', 'busyapp'),
  entry('flaky', 'Flaky App', 'flakyapp'),
];

function entry(kind: Kind, name: string, program: string): InstalledApp & { kind: Kind } {
  const id = `org.uistream.sim.${name.replace(/\s/g, '')}.desktop`;
  return { kind, id, name, executable: `/usr/bin/${program}`, source: 'sim' };
}

/** The sim's catalogue (desktop entries plus their programs as bare names). */
export function simInstalled(): InstalledApp[] {
  const programs = CATALOGUE.map((a) => ({
    ...a,
    id: a.executable,
    name: a.executable.slice('/usr/bin/'.length),
    source: 'path' as const,
  }));
  return [...CATALOGUE, ...programs];
}

export function createSimAppControl(d: Desktop): BackendApps {
  const appOf = (pid: number) => d.apps.find((a) => a.pid === pid);
  return {
    async resolve(request: LaunchRequest, options: AppsOptions): Promise<ResolvedLaunch> {
      throwIfAborted(options.signal);
      const installed = simInstalled();
      const app =
        request.path !== undefined
          ? byProgram(request.path)
          : request.desktopId !== undefined
            ? byDesktopId(installed, request.desktopId)
            : byName(installed, request.name ?? '');
      return await Promise.resolve({
        app,
        argv: [app.executable, ...request.args],
        cwd: request.cwd,
      });
    },
    launch(command, options) {
      throwIfAborted(options.signal);
      const kind = CATALOGUE.find((a) => a.executable === command.app.executable)?.kind ?? 'editor';
      const file = command.argv[1];
      const spec: AppSpec =
        kind === 'editor'
          ? {
              kind,
              text: '',
              ...(file === undefined ? {} : { fileName: file.split('/').pop() ?? file }),
            }
          : ({ kind } as AppSpec);
      const { app } = launchApp(d, spec);
      return Promise.resolve({ pid: app.pid, name: app.name, exited: app.whenEnded });
    },
    requestClose(windowId, options) {
      throwIfAborted(options.signal);
      const el = d.get(windowId);
      const win = el === undefined ? null : windowOf(el);
      if (win === null || win.gone) {
        return Promise.reject(new ElementStaleError(`window ${windowId} is not on the desktop`));
      }
      if (win.hooks.close !== undefined) win.hooks.close();
      else closeWindow(d, win);
      return Promise.resolve();
    },
    kill(pid, options) {
      throwIfAborted(options.signal);
      const app = appOf(pid);
      if (app !== undefined) crashApp(d, app);
      return Promise.resolve();
    },
    running: (pid) => {
      const app = appOf(pid);
      return app !== undefined && !app.ended;
    },
    belongsTo: (pid, launched) => pid === launched,
    toolkit: (pid) => (appOf(pid) === undefined ? undefined : 'sim'),
  };
}

/** A program path of the catalogue (the sim has no file system). */
function byProgram(path: string): InstalledApp {
  const hit = CATALOGUE.find((a) => a.executable === path || a.executable === `/usr/bin/${path}`);
  if (hit !== undefined) return hit;
  throw new UiError('app_not_found', `no program ${path} on the simulated desktop`, {
    details: { query: path, closest: CATALOGUE.map((a) => a.executable) },
  });
}
