/**
 * What the AT-SPI backend takes from the X server rather than the accessibility bus: the window
 * list as a second signal about windows, window operations, pixels and monitors, the clipboard,
 * app control and a person's input. All of it lives as long as the backend, across bus
 * reconnections; without an X display each part answers as not supported.
 */
import type { Observable } from 'rxjs';
import type { BackendEvent, MonitorInfo, ObservedInput } from '../backend.js';
import { X11Clipboard, X11Screen, watchX11Input, x11Unavailable } from '../x11/index.js';
import { createAtspiAppControl } from './atspiAppControl.js';
import { AtspiWindowOps } from './atspiWindowOps.js';
import { AtspiWindowTruth } from './atspiWindowTruth.js';

export interface X11DesktopHooks {
  /** Window events from the X server, ahead of the bus's ordered queue. */
  emitNow: (events: readonly BackendEvent[]) => void;
  /** An app whose windows all went away: its learned read facts are dropped. */
  forgetApp: (app: string) => void;
  /** The app's own word on whether its window is still shown (undefined: no answer). */
  appShows: (id: string) => Promise<boolean | undefined>;
  /** Toolkit names by pid, as the apps told the bus (for apps.list). */
  toolkits: ReadonlyMap<number, string>;
}

export class AtspiX11Desktop {
  /** The CLIPBOARD selection on the X server (absent without an X display). */
  readonly clipboard: X11Clipboard | undefined;
  /** The X server's view of top-level windows, the second signal about windows. */
  readonly truth: AtspiWindowTruth;
  readonly windows: AtspiWindowOps;
  readonly appControl: ReturnType<typeof createAtspiAppControl>;
  private screenConnection: X11Screen | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    hooks: X11DesktopHooks,
  ) {
    const display = x11Unavailable(env) === null ? env.DISPLAY : undefined;
    this.clipboard = display === undefined ? undefined : new X11Clipboard(display);
    this.truth = new AtspiWindowTruth(env, hooks.emitNow, hooks.forgetApp, hooks.appShows);
    this.windows = new AtspiWindowOps(env, this.truth, () => this.monitors());
    this.appControl = createAtspiAppControl(env, this.truth, hooks.toolkits);
  }

  start(): void {
    this.truth.start();
    this.clipboard?.start();
  }

  stop(): void {
    this.screenConnection?.close();
    this.clipboard?.stop();
    this.windows.close();
    this.truth.stop();
    this.appControl.stop();
  }

  /** The capture connection, opened on first use. */
  get screen(): X11Screen {
    return (this.screenConnection ??= new X11Screen(this.env));
  }

  async monitors(): Promise<MonitorInfo[]> {
    if (x11Unavailable(this.env) !== null) return [];
    return await this.screen.monitors();
  }

  /** A person's input, seen through the X server's RECORD extension. */
  watchInput(signal: AbortSignal): Observable<ObservedInput> {
    return watchX11Input(this.env, signal);
  }
}
