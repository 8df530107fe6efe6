/**
 * Conformance fixtures for one real toolkit app (the Qt fixture, Chromium on a generated page):
 * the app is launched fresh for every spec, its targets picked from a fetch of its main window.
 * Before each app is stopped a watchdog backend (independent of the one under test, which a
 * spec may have stopped) checks that it is still running and still answers a read; the file's
 * last test asserts that no app ever failed that check.
 */
import { afterAll, expect, it } from 'vitest';
import type { DesktopSession, LaunchedApp } from '../../scripts/desktop/session.js';
import type { AccessibilityBackend, BackendId, BackendNode } from '../../src/backends/backend.js';
import type { AtspiBackend } from '../../src/backends/atspi/index.js';
import {
  sharedDesktop,
  startBackend,
  stopSharedDesktop,
  waitForAppWindow,
} from '../atspi/harness.js';
import type { ConformanceFixture, FixtureFactory, TargetName } from './fixture.js';

export type Pick = (node: BackendNode, byId: Map<BackendId, BackendNode>) => boolean;

export interface ToolkitApp {
  /** Start the app in the desktop (a fresh one per spec, unless `shared`). */
  launch(desktop: DesktopSession): LaunchedApp;
  /**
   * One app for the whole file, started by `startShared` in beforeAll (an app that takes longer
   * to start than a spec's deadline allows); specs then pick targets in the same document.
   */
  shared?: boolean;
  /** Its main window among the app's windows. */
  isMain(window: BackendNode): boolean;
  /** How each target is found in the app's windows (main window first). */
  picks: Record<TargetName, Pick>;
  /** Release what `launch` made (profiles, pages) after the app stopped. */
  cleanup?(): void;
  /** See ConformanceFixture.steady. */
  steady?: (node: BackendNode) => BackendNode;
}

export const has = (n: BackendNode, state: string): boolean =>
  n.props.states.includes(state as never);

/** Enabled and on screen: an element an action may target. */
export const usable = (n: BackendNode): boolean => has(n, 'enabled') && !has(n, 'offscreen');

let watchdog: Promise<AtspiBackend> | undefined;
const problems: string[] = [];

/** Stop the watchdog backend (call in afterAll, before the desktop stops). */
export async function stopWatchdog(): Promise<void> {
  const w = watchdog;
  watchdog = undefined;
  if (w !== undefined) await (await w).stop();
}

async function checkHealthy(app: LaunchedApp, windowId: BackendId): Promise<void> {
  const exited = await Promise.race([app.exited.then(() => true), Promise.resolve(false)]);
  if (exited) {
    problems.push(`${app.command} (pid ${app.pid}) exited during the spec`);
    return;
  }
  const signal = AbortSignal.timeout(5_000);
  try {
    watchdog ??= sharedDesktop().then((d) => startBackend(d, signal));
    const nodes = await (await watchdog).fetchSubtree(windowId, { signal, maxDepth: 0 });
    if (nodes[0]?.id !== windowId) problems.push(`${app.command}: its window vanished`);
  } catch (err) {
    problems.push(`${app.command} (pid ${app.pid}) did not answer: ${String(err)}`);
  }
}

/** After the file's last test: the watchdog backend, then the shared desktop. */
export function stopDesktopAfterAll(): void {
  afterAll(async () => {
    await stopWatchdog();
    await stopSharedDesktop();
  });
}

/** The last test of the file: every app answered until the end of its spec. */
export function declareHealthCheck(name: string): void {
  it(`no ${name} fixture app died or stopped answering during the suite`, () => {
    expect(problems).toEqual([]);
  });
}

async function allWindows(backend: AccessibilityBackend, app: LaunchedApp, signal: AbortSignal) {
  const desktop = await backend.fetchSubtree(backend.rootId, { signal, maxDepth: 1 });
  return desktop.slice(1).filter((n) => n.props.pid === app.pid);
}

let sharedApp: { app: LaunchedApp; mainId: BackendId } | undefined;

/** Start a shared app and wait (up to `deadlineMs`) for its main window. */
export async function startShared(spec: ToolkitApp, deadlineMs: number): Promise<void> {
  const signal = AbortSignal.timeout(deadlineMs);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const app = spec.launch(desktop);
  try {
    // Each wait ends after APP_DEADLINE_MS; a slow start is waited for again while time is left.
    for (;;) {
      try {
        const main = await waitForAppWindow(backend, app, signal, (w) => spec.isMain(w));
        sharedApp = { app, mainId: main.id };
        return;
      } catch (err) {
        if (signal.aborted) throw err;
      }
    }
  } finally {
    await backend.stop();
  }
}

/** Check and stop the shared app (afterAll). */
export async function stopShared(spec: ToolkitApp): Promise<void> {
  const shared = sharedApp;
  sharedApp = undefined;
  if (shared === undefined) return;
  await checkHealthy(shared.app, shared.mainId);
  await shared.app.stop();
  spec.cleanup?.();
}

export function toolkitFixture(spec: ToolkitApp): FixtureFactory {
  return async (signal): Promise<ConformanceFixture> => {
    const desktop = await sharedDesktop();
    const backend = await startBackend(desktop, signal);
    if (spec.shared === true && sharedApp === undefined) {
      await backend.stop();
      throw new Error('the shared app did not start');
    }
    const app = sharedApp?.app ?? spec.launch(desktop);
    let mainId: BackendId | undefined = sharedApp?.mainId;
    const dispose = async (): Promise<void> => {
      if (mainId !== undefined) await checkHealthy(app, mainId);
      await backend.stop();
      if (spec.shared === true) return;
      await app.stop();
      spec.cleanup?.();
    };
    try {
      mainId ??= (await waitForAppWindow(backend, app, signal, (w) => spec.isMain(w))).id;
      const main = mainId;
      return {
        backend,
        target: async (name, s) => {
          const windows = await allWindows(backend, app, s);
          windows.sort((a, b) => Number(b.id === main) - Number(a.id === main));
          for (const w of windows) {
            const nodes = await backend.fetchSubtree(w.id, { signal: s });
            const byId = new Map(nodes.map((n) => [n.id, n]));
            const found = nodes.find((n) => spec.picks[name](n, byId));
            if (found !== undefined) return found.id;
          }
          throw new Error(`no ${name} target in the app's windows`);
        },
        groundTruth: (s) => backend.walk(backend.rootId, { signal: s }),
        ...(spec.steady === undefined ? {} : { steady: spec.steady }),
        dispose,
      };
    } catch (err) {
      await dispose();
      throw err;
    }
  };
}
