/**
 * Conformance specs of apps.launch, apps.list and apps.close, run through the method table
 * over each backend's fixture (the sim, AT-SPI with GTK and Qt under a window manager). Each
 * spec launches its own instance and checks what it is told against the fixture's own view of
 * processes, never against the server alone.
 */
import { expect } from 'vitest';
import type { MethodInput, WindowInfo } from '../../../protocol/src/index.js';
import type { HandlerTable } from '../../../src/service/handlers.js';

export interface AppsFixture {
  handlers: HandlerTable;
  /** What apps.launch starts (a desktop id, name or path) and the title part of its window. */
  launch: MethodInput<'apps.launch'>;
  title: string;
  /** A control the launched window holds, to check its content was cached. */
  content: MethodInput<'elements.find'>;
  /** Leave unsaved work in the launched app (its pid) so that closing it asks first. */
  dirty(pid: number): Promise<void>;
  /** Whether the process runs, read by the fixture itself (/proc, the sim's process table). */
  running(pid: number): boolean;
  dispose(): Promise<void>;
}

export interface AppsSpec {
  id: string;
  title: string;
  run(f: AppsFixture): Promise<void>;
}

const ctx = () => ({ clientId: 'apps-conformance', signal: AbortSignal.timeout(30_000) });

async function launch(f: AppsFixture): Promise<{ pid: number; window: WindowInfo }> {
  const r = await f.handlers['apps.launch']({ timeoutMs: 20_000, ...f.launch }, ctx());
  if (r.window === null || r.app.pid === undefined) throw new Error('launch answered no window');
  return { pid: r.app.pid, window: r.window };
}

export const APPS_SPECS: readonly AppsSpec[] = [
  {
    id: 'apps.launch.window',
    title: 'launch answers the first window with its content cached, and the list shows it',
    async run(f) {
      const { pid, window } = await launch(f);
      expect(window.title).toContain(f.title);
      expect(window.pid).toBe(pid);
      expect(f.running(pid)).toBe(true);
      const found = await f.handlers['elements.find'](
        { ...f.content, window: window.ref, timeoutMs: 0 },
        ctx(),
      );
      expect(found.elements.length).toBeGreaterThan(0);
      const listed = await f.handlers['apps.list']({}, ctx());
      const app = listed.apps.find((a) => a.pid === pid);
      expect(app?.windows).toContain(window.ref);
      expect(app?.accessible).toBe(true);
      await f.handlers['apps.close']({ app: String(pid), force: true }, ctx());
    },
  },
  {
    id: 'apps.close.clean',
    title: 'close asks politely; the app is gone from the cache and its process ended',
    async run(f) {
      const { pid, window } = await launch(f);
      const closed = await f.handlers['apps.close']({ app: String(pid) }, ctx());
      expect(closed.status).toBe('closed');
      expect(f.running(pid)).toBe(false);
      const windows = await f.handlers['windows.list']({}, ctx());
      expect(windows.windows.map((w) => w.ref)).not.toContain(window.ref);
    },
  },
  {
    id: 'apps.close.dialog',
    title: 'close of unsaved work answers dialog_opened with the question; force kills',
    async run(f) {
      const { pid } = await launch(f);
      await f.dirty(pid);
      const asked = await f.handlers['apps.close']({ app: String(pid) }, ctx());
      expect(asked.status).toBe('dialog_opened');
      expect(asked.dialog?.pid).toBe(pid);
      // The question is the app's own: its text asks about saving (GTK names the window
      // after its kind, Question; Qt after its title).
      const dialog = asked.dialog?.ref ?? '';
      const text = await f.handlers['elements.text'](
        { window: dialog, includeChildren: true },
        ctx(),
      );
      expect(`${asked.dialog?.title ?? ''} ${text.text}`).toMatch(/save/i);
      expect(f.running(pid)).toBe(true);
      const killed = await f.handlers['apps.close']({ app: String(pid), force: true }, ctx());
      expect(killed.status).toBe('killed');
      expect(f.running(pid)).toBe(false);
    },
  },
  {
    id: 'apps.launch.not-found',
    title: 'an app that is not installed answers app_not_found and starts nothing',
    async run(f) {
      const before = (await f.handlers['apps.list']({}, ctx())).apps.length;
      const missing = f.handlers['apps.launch'](
        { name: 'no-such-app-xq', timeoutMs: 5_000 },
        ctx(),
      );
      await expect(missing).toFailWith('app_not_found');
      expect((await f.handlers['apps.list']({}, ctx())).apps.length).toBe(before);
    },
  },
];
