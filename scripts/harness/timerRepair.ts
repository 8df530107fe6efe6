/**
 * A self-repair run on a timer fixture, shared by its real-desktop test and bench: the fixture
 * is launched, every event naming an element of its app (by id, child or window; a structure
 * event may carry only its window) is dropped inside the AT-SPI backend (its test hook), the
 * cache is started, and only then does the app start changing, so every change the cache shows
 * was repaired by the background reconcile.
 */
import type { Observable } from 'rxjs';
import type { BackendEvent, BackendNode } from '../../src/backends/backend.js';
import type { AtspiBackend } from '../../src/backends/atspi/index.js';
import type { CacheStore } from '../../src/cache/index.js';
import type { DesktopSession, LaunchedApp } from '../desktop/session.js';
import type { SwingRows } from '../../test/fixtures/toolkits/swingApp.js';
import { launchAndWait } from './atspi.js';
import { appTicks, startTicking, timerCommand, type TimerFixture } from './timerFixtures.js';

export interface TimerRun {
  app: LaunchedApp;
  window: BackendNode;
  /** Each tick the app reports, once it made the tick's changes. */
  ticks$: Observable<number>;
  /** Events of the app dropped so far. */
  dropped(): number;
  /** Start the app's changes (call once whatever watches the ticks is subscribed). */
  start(): void;
}

/** Launch `fixture`, lose its events, start the cache; the app waits for `start()`. */
export async function startTimerRun(
  desktop: DesktopSession,
  backend: AtspiBackend,
  cache: CacheStore,
  options: { fixture: TimerFixture; periodMs: number; ticks: number; swingRows?: SwingRows },
  signal: AbortSignal,
): Promise<TimerRun> {
  const { fixture, periodMs, ticks, swingRows } = options;
  const { command, args } = timerCommand(fixture, periodMs, ticks, swingRows);
  const { app, window } = await launchAndWait(desktop, backend, command, args, signal, {
    stdin: true,
    stdout: true,
  });
  const ticks$ = appTicks(app);
  const busName = window.id.slice(0, window.id.indexOf(':/'));
  let dropped = 0;
  const ofApp = (id: unknown): boolean => typeof id === 'string' && id.startsWith(`${busName}:`);
  backend.dropEvents((e: BackendEvent) => {
    const named = e.type === 'structure' ? [e.id, e.childId, e.windowId] : ['id' in e && e.id];
    if (!named.some(ofApp)) return false;
    dropped++;
    return true;
  });
  await cache.start(signal);
  return { app, window, ticks$, dropped: () => dropped, start: () => startTicking(app) };
}
