/**
 * The test-control API of the sim (`sim.control`): what a test (or the demo) does to the
 * desktop from outside the accessibility API: launch, close or crash apps, steal focus,
 * switch quirks and latencies, drive the installer's progress, and wait for event quiet.
 */
import { BackendStatus } from '../../../protocol/src/index.js';
import { InvalidParamsError } from '../../errors.js';
import type { BackendId } from '../backend.js';
import { createHold, type SimApp } from './apps/app.js';
import { launchApp } from './apps/launch.js';
import type { Desktop } from './desktop.js';
import type { EventPump, Quirks } from './events.js';
import { elementAt } from './input.js';
import { AppSpecSchema, QuirksPatchSchema } from './scene.js';
import { closeWindow, crashApp } from './windows.js';
import type { z } from 'zod';

export interface AppInfo {
  name: string;
  kind: string;
  pid: number;
  windows: BackendId[];
  crashed: boolean;
}

export interface SimControl {
  /** Launch an app from a scene app spec; returns its pid and main window id. */
  open(spec: z.input<typeof AppSpecSchema>): { pid: number; windowId: BackendId };
  /** Close every window of an app (by name, kind or pid), raising window.closed. */
  close(app: string | number): void;
  /** Kill an app: its windows vanish at once (no window.closed), later calls are stale. */
  crash(app: string | number): void;
  /** The app crashes in the middle of the next call into it. */
  crashOnNextCall(app: string | number): void;
  /**
   * Hold every call into an app (a hung UI thread) until `release()`; `entered` resolves once a
   * call is being held, so a test can act while a backend call is in flight without sleeping.
   */
  holdCalls(app: string | number): { entered: Promise<void>; release(): void };
  /** After the next focus() call, the window whose title contains `title` takes focus. */
  stealFocusOnNextFocus(title: string): void;
  /** Change some quirks at run time; the others stay as they are. */
  setQuirks(quirks: Partial<Quirks>): void;
  /** The quirks in force. */
  quirks(): Quirks;
  setEventLatency(ms: number): void;
  setFetchLatency(latency: { perCallMs?: number; perElementUs?: number }): void;
  /** Set the busy delay of an app (default: every slow app). */
  setSlowDelay(ms: number, app?: string | number): void;
  /** Advance every running installer's progress bar by `percent`. */
  advanceProgress(percent: number): void;
  /** Resolves when no event is pending delivery. */
  quiet(): Promise<void>;
  /** First live element with this automation id (optionally within a window whose title contains `window`). */
  find(automationId: string, window?: string): BackendId | undefined;
  /** The element a click at (x, y) would hit. */
  elementAt(x: number, y: number): BackendId | null;
  /** Caret offset of an edit. */
  caret(id: BackendId): number | undefined;
  apps(): AppInfo[];
  /** Raise a backend status change (e.g. degraded while the platform struggles). */
  setStatus(status: BackendStatus, reason?: string): void;
  /** Raise `reset`: as if the platform connection was lost and rebuilt (consumers resync). */
  reset(reason: string): void;
  /** @internal called by the backend after each focus() for focus stealing. */
  afterFocus(): void;
}

interface Host {
  fetchLatency: { perCallMs: number; perElementUs: number };
}

export function createControl(host: Host, d: Desktop, pump: EventPump): SimControl {
  return new Control(host, d, pump);
}

class Control implements SimControl {
  private stealTitle: string | undefined;

  constructor(
    private readonly host: Host,
    private readonly d: Desktop,
    private readonly pump: EventPump,
  ) {}

  open(spec: z.input<typeof AppSpecSchema>): { pid: number; windowId: BackendId } {
    const launched = launchApp(this.d, validated(AppSpecSchema, spec, 'app spec'));
    return { pid: launched.app.pid, windowId: launched.window.id };
  }

  close(key: string | number): void {
    for (const win of [...this.appOf(key).windows]) closeWindow(this.d, win);
  }

  crash(key: string | number): void {
    crashApp(this.d, this.appOf(key));
  }

  holdCalls(key: string | number): { entered: Promise<void>; release(): void } {
    const app = this.appOf(key);
    app.hold?.release();
    const hold = createHold(() => {
      if (app.hold === hold) app.hold = undefined;
    });
    app.hold = hold;
    return { entered: hold.entered, release: () => hold.release() };
  }

  crashOnNextCall(key: string | number): void {
    this.appOf(key).crashOnNextCall = true;
  }

  stealFocusOnNextFocus(title: string): void {
    this.stealTitle = title;
  }

  setQuirks(quirks: Partial<Quirks>): void {
    const patch = validated(QuirksPatchSchema, quirks, 'quirks');
    for (const [key, rate] of Object.entries(patch) as [keyof Quirks, number | undefined][]) {
      if (rate !== undefined) this.pump.quirks[key] = rate;
    }
  }

  quirks(): Quirks {
    return { ...this.pump.quirks };
  }

  setEventLatency(ms: number): void {
    this.pump.latencyMs = nonNegative(ms, 'event latency');
  }

  setFetchLatency(latency: { perCallMs?: number; perElementUs?: number }): void {
    const now = this.host.fetchLatency;
    this.host.fetchLatency = {
      perCallMs: nonNegative(latency.perCallMs ?? now.perCallMs, 'perCallMs'),
      perElementUs: nonNegative(latency.perElementUs ?? now.perElementUs, 'perElementUs'),
    };
  }

  setSlowDelay(ms: number, key?: string | number): void {
    const apps =
      key === undefined ? this.d.apps.filter((a) => a.kind === 'slow') : [this.appOf(key)];
    for (const app of apps) app.delayMs = nonNegative(ms, 'delay');
  }

  advanceProgress(percent: number): void {
    nonNegative(percent, 'percent');
    for (const app of this.d.apps) if (!app.crashed) app.advance?.(percent);
  }

  quiet(): Promise<void> {
    return this.pump.quiet();
  }

  find(automationId: string, window?: string): BackendId | undefined {
    const roots =
      window === undefined
        ? [this.d.root]
        : this.d.zOrder.filter((w) => w.name.toLowerCase().includes(window.toLowerCase()));
    for (const root of roots) {
      const hit = this.d.find(root, automationId);
      if (hit !== undefined) return hit.id;
    }
    return undefined;
  }

  elementAt(x: number, y: number): BackendId | null {
    return elementAt(this.d, x, y)?.id ?? null;
  }

  caret(id: BackendId): number | undefined {
    return this.d.get(id)?.edit?.caret;
  }

  apps(): AppInfo[] {
    return this.d.apps.map((a) => ({
      name: a.name,
      kind: a.kind,
      pid: a.pid,
      windows: a.windows.map((w) => w.id),
      crashed: a.crashed,
    }));
  }

  setStatus(status: BackendStatus, reason?: string): void {
    const checked = validated(BackendStatus, status, 'status');
    this.pump.emit(
      reason === undefined
        ? { type: 'status', status: checked }
        : { type: 'status', status: checked, reason },
    );
  }

  reset(reason: string): void {
    this.pump.emit({ type: 'reset', reason });
  }

  afterFocus(): void {
    const title = this.stealTitle;
    if (title === undefined) return;
    this.stealTitle = undefined;
    const thief = this.d.zOrder.find(
      (w) => !w.gone && w.name.toLowerCase().includes(title.toLowerCase()),
    );
    if (thief !== undefined) this.d.activate(thief);
  }

  private appOf(key: string | number): SimApp {
    const app = this.d.apps.find((a) =>
      typeof key === 'number' ? a.pid === key : a.name === key || a.kind === key,
    );
    if (app === undefined) throw new InvalidParamsError(`no simulated app ${String(key)}`);
    return app;
  }
}

function nonNegative(value: number, what: string): number {
  if (!(Number.isFinite(value) && value >= 0)) {
    throw new InvalidParamsError(`${what} must be a non-negative number`);
  }
  return value;
}

function validated<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || what}: ${i.message}`);
  throw new InvalidParamsError(`invalid ${what}: ${issues.join('; ')}`);
}
