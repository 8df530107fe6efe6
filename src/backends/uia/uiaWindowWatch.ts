/**
 * Window opened/closed from the top-level window list, for a runtime whose UIA raises neither
 * (Wine: its uiautomationcore never fires WindowOpened/WindowClosed). Every WATCH_MS the visible
 * top-level windows (EnumWindows, local calls) are compared with the last list: a new one is
 * read once (ElementFromHandle) for its id, a gone one is announced under the id it had. The
 * first round only takes the list in. On Windows UIA's own events do this; the watch is off.
 */
import type { BackendEvent, BackendId } from '../backend.js';
import { DESKTOP_ID } from './uiaConvert.js';
import { idOf, readRaw, windowElement, type TreeContext } from './uiaHostTree.js';
import { topLevelWindows, type Hwnd } from './uiaWin32.js';

const WATCH_MS = 250;

export class TopLevelWatch {
  private known: Map<Hwnd, BackendId> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;

  constructor(
    private readonly ctx: TreeContext,
    private readonly push: (event: BackendEvent) => void,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.round(), WATCH_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async round(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const now = topLevelWindows();
      const first = this.known === undefined;
      const known = (this.known ??= new Map<Hwnd, BackendId>());
      for (const [hwnd, id] of known) {
        if (now.includes(hwnd)) continue;
        known.delete(hwnd);
        if (id !== '') this.push({ type: 'window.closed', id });
      }
      for (const hwnd of now.filter((h) => !known.has(h))) {
        const id = await this.idOf(hwnd);
        known.set(hwnd, id);
        if (!first && id !== '') this.push({ type: 'window.opened', id });
      }
    } finally {
      this.busy = false;
    }
  }

  /** The window's id ('' when it cannot be read: closed meanwhile). */
  private async idOf(hwnd: Hwnd): Promise<BackendId> {
    try {
      const el = await windowElement(this.ctx, hwnd, this.ctx.elementRequest);
      const id = idOf(this.ctx, el, readRaw(el, true));
      this.ctx.table.put(id, el, DESKTOP_ID);
      return id;
    } catch (err) {
      this.log(`top-level window ${hwnd} not readable: ${String(err)}`);
      return '';
    }
  }
}
