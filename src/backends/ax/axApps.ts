/**
 * The apps the AX host watches: processes with a normal-layer window on screen, found by a
 * CGWindowList poll (AX has no launch / quit notification; NSWorkspace's need an AppKit run
 * loop the host does not have). Each app keeps one application element (owned). Also app
 * resolution by name, bundle id or numeric pid, with the steps' three typed failures.
 */
import { InvalidParamsError, MultipleMatchesError, UiError } from '../../errors.js';
import type { AxRef, AxSurface, RunningApp } from './axSurface.js';

/** kCGNormalWindowLevel: app windows; menus, the Dock and overlays sit on other layers. */
const NORMAL_LAYER = 0;

export interface TrackedApp extends RunningApp {
  ref: AxRef;
}

export interface AppChanges {
  added: TrackedApp[];
  removed: number[];
}

export class AppTracker {
  private readonly apps = new Map<number, TrackedApp>();

  constructor(
    private readonly surface: AxSurface,
    private readonly messagingTimeoutS: number,
    private readonly selfPid: number = process.pid,
    private readonly log?: (message: string) => void,
  ) {}

  get(pid: number): TrackedApp | undefined {
    return this.apps.get(pid);
  }

  all(): TrackedApp[] {
    return [...this.apps.values()];
  }

  /**
   * Poll once. An app is picked up when it shows a normal window on screen, and kept while it
   * has one anywhere (minimized, hidden, another Space): minimizing is not quitting.
   */
  refresh(): AppChanges {
    const normal = (onScreen: boolean): Set<number> =>
      new Set(
        this.surface
          .windowList(onScreen)
          .filter((w) => w.layer === NORMAL_LAYER)
          .map((w) => w.pid),
      );
    const shown = normal(true);
    const anywhere = normal(false);
    const running = this.surface.runningApps();
    const added: TrackedApp[] = [];
    for (const app of running) {
      if (!shown.has(app.pid) || this.apps.has(app.pid) || app.pid === this.selfPid) continue;
      const ref = this.surface.applicationElement(app.pid);
      // A per-app timeout: one app stuck in a modal loop costs this long per call, not 6 s.
      try {
        this.surface.setMessagingTimeout(ref, this.messagingTimeoutS);
      } catch {
        // an app that refuses keeps the global timeout
      }
      if (app.chromium === true) this.switchOnChromiumTree(app, ref);
      const tracked = { ...app, ref };
      this.apps.set(app.pid, tracked);
      added.push(tracked);
    }
    const live = new Set(running.filter((a) => anywhere.has(a.pid)).map((a) => a.pid));
    const removed = [...this.apps.keys()].filter((pid) => !live.has(pid));
    for (const pid of removed) this.drop(pid);
    return { added, removed };
  }

  /**
   * Chromium builds its accessibility tree only for assistive apps it recognises;
   * AXManualAccessibility asks for it without AXEnhancedUserInterface, which also changes how
   * the app animates and lays out windows (never set here).
   */
  private switchOnChromiumTree(app: RunningApp, ref: AxRef): void {
    try {
      this.surface.setAttribute(ref, 'AXManualAccessibility', { kind: 'boolean', value: true });
    } catch (err) {
      this.log?.(`${app.name} (${app.pid}): AXManualAccessibility refused: ${String(err)}`);
    }
  }

  drop(pid: number): void {
    const app = this.apps.get(pid);
    if (app === undefined) return;
    this.apps.delete(pid);
    this.surface.release(app.ref);
  }

  clear(): void {
    for (const pid of [...this.apps.keys()]) this.drop(pid);
  }

  /**
   * One running app by name (case-insensitive), bundle id or numeric pid. Unknown:
   * app_not_found (reason notRunning); ambiguous: multiple_matches with the candidates;
   * malformed: invalid_params (reason invalidIdentifier).
   */
  resolve(identifier: string): RunningApp {
    const query = identifier.trim();
    // eslint-disable-next-line no-control-regex
    if (query === '' || query.length > 256 || /[\u0000-\u001f]/.test(query)) {
      throw new InvalidParamsError(`"${identifier}" is not an app name, bundle id or pid`, {
        details: { reason: 'invalidIdentifier', app: identifier },
      });
    }
    const running = this.surface.runningApps();
    if (/^\d+$/.test(query)) {
      const pid = Number(query);
      const app = running.find((a) => a.pid === pid);
      if (app === undefined) throw notRunning(identifier, `no app with pid ${pid} is running`);
      return app;
    }
    const lower = query.toLowerCase();
    const matches = running.filter(
      (a) => a.name.toLowerCase() === lower || a.bundleId?.toLowerCase() === lower,
    );
    if (matches.length === 0) throw notRunning(identifier, `no running app is named "${query}"`);
    if (matches.length > 1) {
      throw new MultipleMatchesError(`${matches.length} running apps match "${query}"`, {
        details: {
          reason: 'multipleMatches',
          candidates: matches.map((a) => ({ pid: a.pid, name: a.name, bundleId: a.bundleId })),
        },
      });
    }
    return matches[0] as RunningApp;
  }
}

function notRunning(app: string, message: string): UiError {
  return new UiError('app_not_found', message, { details: { reason: 'notRunning', app } });
}
