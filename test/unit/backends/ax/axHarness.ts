/**
 * Test harness for the AX host on the fake surface: a small two-app desktop, timers the test
 * advances by hand (no sleeps: each tick runs what is due, in order), and the host's event
 * batches collected as they leave.
 */
import type { BackendEvent } from '../../../../src/backends/backend.js';
import { AxHost, type AxHostOptions } from '../../../../src/backends/ax/axHost.js';
import type { FakeAxSurface } from './fakeAx.js';
import { type FakeApp } from './fakeAx.js';

interface Timer {
  fn: () => void;
  at: number;
  every: number | null;
}

/** Timers on a virtual clock: `advance(ms)` runs everything due by then. */
export class ManualTimers {
  now = 0;
  private timers = new Map<number, Timer>();
  private next = 1;

  set = (fn: () => void, ms: number): unknown => this.add(fn, ms, null);
  clear = (h: unknown): void => void this.timers.delete(h as number);
  every = (fn: () => void, ms: number): unknown => this.add(fn, ms, ms);
  stopEvery = (h: unknown): void => void this.timers.delete(h as number);

  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.timers]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (due === undefined) break;
      const [handle, timer] = due;
      this.now = timer.at;
      if (timer.every === null) this.timers.delete(handle);
      else timer.at += timer.every;
      timer.fn();
    }
    this.now = end;
  }

  private add(fn: () => void, ms: number, every: number | null): number {
    const handle = this.next++;
    this.timers.set(handle, { fn, at: this.now + Math.max(1, ms), every });
    return handle;
  }
}

export function textEdit(surface: FakeAxSurface, pid = 501): FakeApp {
  return surface.addApp(pid, 'TextEdit', 'com.apple.TextEdit', [
    {
      role: 'AXWindow',
      subrole: 'AXStandardWindow',
      title: 'Untitled',
      frame: { x: 100, y: 80, width: 600, height: 400 },
      actions: ['AXRaise'],
      children: [
        { role: 'AXButton', subrole: 'AXCloseButton', actions: ['AXPress'] },
        {
          role: 'AXTextArea',
          value: 'hello',
          identifier: 'body',
          frame: { x: 110, y: 120, width: 580, height: 340 },
        },
        { role: 'AXCheckBox', title: 'Wrap', value: 1, actions: ['AXPress'] },
        { role: 'AXStaticText', value: 'Status: ready' },
      ],
    },
  ]);
}

export function calculator(surface: FakeAxSurface, pid = 502): FakeApp {
  return surface.addApp(pid, 'Calculator', 'com.apple.calculator', [
    {
      role: 'AXWindow',
      title: 'Calculator',
      frame: { x: 800, y: 80, width: 230, height: 400 },
      children: [
        {
          role: 'AXGroup',
          children: [{ role: 'AXButton', description: '7', actions: ['AXPress'] }],
        },
      ],
    },
  ]);
}

export interface HostRun {
  surface: FakeAxSurface;
  host: AxHost;
  timers: ManualTimers;
  events: BackendEvent[];
  logs: string[];
  facts: Record<string, unknown>;
}

export async function startHost(
  surface: FakeAxSurface,
  options: Partial<AxHostOptions> = {},
): Promise<HostRun> {
  const timers = new ManualTimers();
  const events: BackendEvent[] = [];
  const logs: string[] = [];
  const host = new AxHost(surface, { timers, env: { TERM_PROGRAM: 'Apple_Terminal' }, ...options });
  const facts = await host.init(
    (batch) => events.push(...batch),
    (m) => logs.push(m),
  );
  return { surface, host, timers, events, logs, facts };
}

export const FAR = Date.now() + 3_600_000;
