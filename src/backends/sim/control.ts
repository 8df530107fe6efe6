/**
 * The test-control API of the sim (`sim.control`): what a test (or the demo) does to the
 * desktop from outside the accessibility API: launch, close or crash apps, steal focus,
 * switch quirks and latencies, drive the installer's progress, and wait for event quiet.
 */
import { BackendStatus } from '../../../protocol/src/index.js';
import { InvalidParamsError } from '../../errors.js';
import type { BackendId } from '../backend.js';
import type { SimApp } from './apps/app.js';
import { launchApp } from './apps/launch.js';
import type { Desktop } from './desktop.js';
import type { EventPump, Quirks } from './events.js';
import { elementAt } from './input.js';
import { AppSpecSchema, QuirksSchema } from './scene.js';
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
  /** After the next focus() call, the window whose title contains `title` takes focus. */
  stealFocusOnNextFocus(title: string): void;
  setQuirks(quirks: Partial<Quirks>): void;
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
  let stealTitle: string | undefined;
  const appOf = (key: string | number): SimApp => {
    const app = d.apps.find((a) =>
      typeof key === 'number' ? a.pid === key : a.name === key || a.kind === key,
    );
    if (app === undefined) throw new InvalidParamsError(`no simulated app ${String(key)}`);
    return app;
  };
  const windowByTitle = (title: string) =>
    d.zOrder.find((w) => !w.gone && w.name.toLowerCase().includes(title.toLowerCase()));
  const nonNegative = (ms: number, what: string): number => {
    if (!(Number.isFinite(ms) && ms >= 0))
      throw new InvalidParamsError(`${what} must be a non-negative number`);
    return ms;
  };

  return {
    open(spec) {
      const launched = launchApp(d, validated(AppSpecSchema, spec, 'app spec'));
      return { pid: launched.app.pid, windowId: launched.window.id };
    },
    close(key) {
      for (const win of [...appOf(key).windows]) closeWindow(d, win);
    },
    crash(key) {
      crashApp(d, appOf(key));
    },
    crashOnNextCall(key) {
      appOf(key).crashOnNextCall = true;
    },
    stealFocusOnNextFocus(title) {
      stealTitle = title;
    },
    setQuirks(quirks) {
      pump.quirks = { ...pump.quirks, ...validated(QuirksSchema.partial(), quirks, 'quirks') };
    },
    setEventLatency(ms) {
      pump.latencyMs = nonNegative(ms, 'event latency');
    },
    setFetchLatency(latency) {
      host.fetchLatency = {
        perCallMs: nonNegative(latency.perCallMs ?? host.fetchLatency.perCallMs, 'perCallMs'),
        perElementUs: nonNegative(
          latency.perElementUs ?? host.fetchLatency.perElementUs,
          'perElementUs',
        ),
      };
    },
    setSlowDelay(ms, key) {
      const apps = key === undefined ? d.apps.filter((a) => a.kind === 'slow') : [appOf(key)];
      for (const app of apps) app.delayMs = nonNegative(ms, 'delay');
    },
    advanceProgress(percent) {
      nonNegative(percent, 'percent');
      for (const app of d.apps) if (!app.crashed) app.advance?.(percent);
    },
    quiet: () => pump.quiet(),
    find(automationId, window) {
      const roots =
        window === undefined
          ? [d.root]
          : d.zOrder.filter((w) => w.name.toLowerCase().includes(window.toLowerCase()));
      for (const root of roots) {
        const hit = d.find(root, automationId);
        if (hit !== undefined) return hit.id;
      }
      return undefined;
    },
    elementAt: (x, y) => elementAt(d, x, y)?.id ?? null,
    caret: (id) => d.get(id)?.edit?.caret,
    apps: () =>
      d.apps.map((a) => ({
        name: a.name,
        kind: a.kind,
        pid: a.pid,
        windows: a.windows.map((w) => w.id),
        crashed: a.crashed,
      })),
    setStatus(status, reason) {
      const checked = validated(BackendStatus, status, 'status');
      pump.emit(
        reason === undefined
          ? { type: 'status', status: checked }
          : { type: 'status', status: checked, reason },
      );
    },
    reset(reason) {
      pump.emit({ type: 'reset', reason });
    },
    afterFocus() {
      if (stealTitle === undefined) return;
      const thief = windowByTitle(stealTitle);
      stealTitle = undefined;
      if (thief !== undefined) d.activate(thief);
    },
  };
}

function validated<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || what}: ${i.message}`);
  throw new InvalidParamsError(`invalid ${what}: ${issues.join('; ')}`);
}
