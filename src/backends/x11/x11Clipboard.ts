/**
 * The X11 clipboard (the CLIPBOARD selection), spoken directly through Xlib: no external tool.
 * Its own display connection owns an unmapped 1x1 window. Reading asks the owner to convert to
 * TARGETS or a data target onto our window's property and waits for SelectionNotify, following
 * INCR chunk by chunk; writing takes ownership with a real server timestamp, and the owner's
 * half (x11ClipboardServe.ts) answers requests until another client takes the selection or we
 * stop (then ownership is given up). XFixes reports every owner change, announced as formats
 * and owner, never content.
 *
 * Xlib is not thread-safe and XNextEvent blocks, so events are drained with XPending from the
 * event loop: every 10 ms when idle, and while a transfer runs, as soon as poll(2) on the
 * connection (run on the thread pool) says data arrived.
 */
import { Subject, type Observable } from 'rxjs';
import type { ClipboardFormat, ClipboardOwner } from '../../../protocol/src/index.js';
import { readFileSync } from 'node:fs';
import { BackendUnavailableError, TimeoutError } from '../../errors.js';
import {
  formatsOf,
  type BackendClipboard,
  type ClipboardContent,
  type ClipboardState,
} from '../clipboard.js';
import { decodeText, formatsOfTargets, pickTarget } from './x11ClipboardFormats.js';
import { internAtoms, SelectionServer, type ClipboardAtoms } from './x11ClipboardServe.js';
import { readIncoming, tooLarge, type Waiters } from './x11ClipboardRead.js';
import {
  eventType,
  fixesSelection,
  longsOf,
  propertyEvent,
  selectionClear,
  selectionRequest,
} from './x11SelectionEvents.js';
import {
  loadX11Selection,
  PROPERTY_CHANGE_MASK,
  PROPERTY_DELETE,
  XEVENT_SIZE,
  X_SEL,
  type X11SelectionLib,
} from './x11SelectionLib.js';

const IDLE_PUMP_MS = 10;
/** Most of one request, leaving room for the request header. */
const CHUNK_CAP = 1 << 20;

interface Waiter {
  match(ev: Buffer): boolean;
  resolve(ev: Buffer): void;
}

export class X11Clipboard implements BackendClipboard {
  private readonly changes = new Subject<ClipboardState>();
  readonly changes$: Observable<ClipboardState> = this.changes.asObservable();
  private lib: X11SelectionLib | undefined;
  private d: unknown = null;
  private window = 0;
  private atoms!: ClipboardAtoms;
  private server!: SelectionServer;
  private fixesBase: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<Waiter>();
  private activeLoop = false;
  /** Calls are serialised: one conversion at a time on our one property. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly event = Buffer.alloc(XEVENT_SIZE);

  constructor(private readonly display: string) {}

  /** Open the connection; false where there is no X display or libX11. */
  start(): boolean {
    if (this.d !== null) return true;
    try {
      this.lib = loadX11Selection();
    } catch {
      return false;
    }
    const lib = this.lib;
    const d = lib.open(this.display);
    if (d === null) return false;
    this.d = d;
    this.window = lib.createWindow(d, lib.root(d));
    lib.selectInput(d, this.window, PROPERTY_CHANGE_MASK);
    this.atoms = internAtoms(lib, d);
    const chunk = Math.min(CHUNK_CAP, lib.maxRequestBytes(d) - 1024);
    this.server = new SelectionServer(lib, d, this.atoms, chunk);
    this.fixesBase = lib.xfixes(d, this.window, this.atoms.CLIPBOARD);
    lib.flush(d);
    this.timer = setInterval(() => this.pump(), IDLE_PUMP_MS);
    this.timer.unref();
    return true;
  }

  /** Give up ownership, close the connection and end the change stream. Idempotent. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    const { lib, d } = this;
    if (lib !== undefined && d !== null) {
      if (lib.owner(d, this.atoms.CLIPBOARD) === this.window) {
        lib.setOwner(d, this.atoms.CLIPBOARD, 0, 0);
      }
      lib.destroyWindow(d, this.window);
      lib.close(d);
    }
    this.d = null;
    this.changes.complete();
  }

  state(signal: AbortSignal): Promise<ClipboardState> {
    return this.serial(() => this.describe(signal));
  }

  read(
    format: ClipboardFormat,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<string | Uint8Array | undefined> {
    return this.serial(async () => {
      const { lib, d, atoms } = this.ready();
      const owner = lib.owner(d, atoms.CLIPBOARD);
      if (owner === 0) return undefined;
      if (owner === this.window) return ownData(this.server.held, format, maxBytes);
      const targets = await this.targets(signal);
      const target = pickTarget(format, targets, atoms);
      if (target === undefined) return undefined;
      const bytes = await readIncoming(this.io(), target, maxBytes, signal);
      if (bytes === undefined) return undefined;
      return format === 'image' ? bytes : decodeText(bytes);
    });
  }

  write(content: ClipboardContent, signal: AbortSignal): Promise<void> {
    return this.serial(async () => {
      const { lib, d, atoms } = this.ready();
      const time = await this.serverTime(signal);
      this.server.own(content, time);
      lib.setOwner(d, atoms.CLIPBOARD, this.window, time);
      lib.flush(d);
      if (lib.owner(d, atoms.CLIPBOARD) !== this.window) {
        this.server.lose();
        throw new BackendUnavailableError('the X server did not give us the clipboard');
      }
    });
  }

  private ready(): { lib: X11SelectionLib; d: unknown; atoms: ClipboardAtoms } {
    if (this.lib === undefined || this.d === null) {
      throw new BackendUnavailableError('the X clipboard connection is closed');
    }
    return { lib: this.lib, d: this.d, atoms: this.atoms };
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private io(): Waiters {
    const { lib, d, atoms } = this.ready();
    return {
      lib,
      d,
      window: this.window,
      atoms,
      wait: (match, signal, what) => this.waitFor(match, signal, what),
    };
  }

  private async describe(signal: AbortSignal): Promise<ClipboardState> {
    const { lib, d, atoms } = this.ready();
    const owner = lib.owner(d, atoms.CLIPBOARD);
    if (owner === 0) return { formats: [], owner: null };
    if (owner === this.window) return { formats: formatsOf(this.server.held), owner: self() };
    const formats = formatsOfTargets(await this.targets(signal), atoms);
    return { formats, owner: this.ownerOf(owner) };
  }

  private async targets(signal: AbortSignal): Promise<number[]> {
    const bytes = await readIncoming(this.io(), this.atoms.TARGETS, 64 * 1024, signal);
    return bytes === undefined ? [] : longsOf(bytes);
  }

  private ownerOf(window: number): ClipboardOwner {
    const pid = this.lib?.pidOf(this.d, window);
    if (pid === undefined) return {};
    return { pid, app: commOf(pid) };
  }

  /** A server timestamp: append nothing to a property of ours and read the notify's time. */
  private async serverTime(signal: AbortSignal): Promise<number> {
    const { lib, d, atoms } = this.ready();
    const seen = this.waitFor(
      (ev) => {
        if (eventType(ev) !== X_SEL.PropertyNotify) return false;
        const p = propertyEvent(ev);
        return p.window === this.window && p.atom === atoms.TIMESTAMP;
      },
      signal,
      'a server timestamp',
    );
    lib.change(d, this.window, atoms.TIMESTAMP, atoms.INTEGER, [0]);
    lib.flush(d);
    return propertyEvent(await seen).time;
  }

  private waitFor(match: (ev: Buffer) => boolean, signal: AbortSignal, what: string) {
    return new Promise<Buffer>((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (ev) => {
          cleanup();
          resolve(ev);
        },
      };
      const onAbort = (): void => {
        cleanup();
        reject(new TimeoutError(`no answer from the clipboard owner: waited for ${what}`));
      };
      const cleanup = (): void => {
        this.waiters.delete(waiter);
        signal.removeEventListener('abort', onAbort);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort);
      this.waiters.add(waiter);
      this.activate();
    });
  }

  /** Pump as fast as events arrive while anything waits or an INCR transfer runs. */
  private activate(): void {
    if (this.activeLoop) return;
    this.activeLoop = true;
    void (async () => {
      try {
        while (this.d !== null && (this.waiters.size > 0 || this.server.busy)) {
          this.pump();
          if (this.d === null || (this.waiters.size === 0 && !this.server.busy)) break;
          if ((this.lib as X11SelectionLib).pending(this.d) > 0) continue;
          await (this.lib as X11SelectionLib).waitReadable(
            (this.lib as X11SelectionLib).fd(this.d),
            50,
          );
        }
      } finally {
        this.activeLoop = false;
      }
    })();
  }

  private pump(): void {
    const { lib, d } = this;
    if (lib === undefined || d === null) return;
    while (lib.pending(d) > 0) {
      lib.nextEvent(d, this.event);
      this.dispatch(Buffer.from(this.event));
    }
    // A requestor that died mid-INCR never deletes the property again; without this the loop
    // would pump for it forever.
    this.server.expire(Date.now());
    if (this.server.busy) this.activate();
  }

  private dispatch(ev: Buffer): void {
    const type = eventType(ev);
    if (type === X_SEL.SelectionRequest) return this.server.answer(selectionRequest(ev));
    if (type === X_SEL.SelectionClear) {
      const clear = selectionClear(ev);
      if (clear.selection === this.atoms.CLIPBOARD) this.server.lose();
      return;
    }
    if (type === X_SEL.PropertyNotify) {
      const p = propertyEvent(ev);
      if (p.window !== this.window && this.server.watches(p.window)) {
        if (p.state === PROPERTY_DELETE) this.server.onPropertyDeleted(p.window, p.atom);
        return;
      }
    }
    if (this.fixesBase !== null && type === this.fixesBase) return this.ownerChanged(ev);
    for (const w of this.waiters) {
      if (w.match(ev)) return w.resolve(ev);
    }
  }

  private ownerChanged(ev: Buffer): void {
    const { owner, selection } = fixesSelection(ev);
    if (selection !== this.atoms.CLIPBOARD) return;
    if (owner === 0) return this.changes.next({ formats: [], owner: null });
    if (owner === this.window) {
      return this.changes.next({ formats: formatsOf(this.server.held), owner: self() });
    }
    // The formats need a round trip to the new owner: asked in turn with other calls.
    const signal = AbortSignal.timeout(5_000);
    this.state(signal).then(
      (s) => this.changes.next(s),
      () => this.changes.next({ formats: [], owner: this.ownerOf(owner) }),
    );
  }
}

function self(): ClipboardOwner {
  return { pid: process.pid, app: 'uistream' };
}

function commOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Our own data, without a round trip through the X server. */
function ownData(held: ClipboardContent, format: ClipboardFormat, maxBytes: number) {
  const data = format === 'image' ? held.image : held[format];
  const size = typeof data === 'string' ? Buffer.byteLength(data) : (data?.byteLength ?? 0);
  if (size > maxBytes) throw tooLarge(size, maxBytes);
  return data;
}
