/**
 * The Windows clipboard in the host: CF_UNICODETEXT, the registered "HTML Format" (CF_HTML) and
 * a registered "PNG" format (what browsers and Office exchange images as); CF_DIB is read back
 * as PNG (uiaDibPng). The host owns what it writes through a message-only STATIC window: a
 * clipboard owner needs a window, and EmptyClipboard in another app SENDS WM_DESTROYCLIPBOARD to
 * it, so the window's queue is pumped on a short timer (a sent message to an unpumped window
 * would hold that app's copy until the send times out). The same timer watches
 * GetClipboardSequenceNumber and announces each change (formats and owner, never content).
 */
import type { ClipboardFormat, ClipboardOwner } from '../../../protocol/src/index.js';
import { ActionFailedError, InvalidParamsError, TimeoutError } from '../../errors.js';
import type { ClipboardContent, ClipboardState } from '../clipboard.js';
import { dibToPng } from './uiaDibPng.js';
import { decodeCfHtml, encodeCfHtml } from './uiaHtmlFormat.js';
import { loadFns, windowPid } from './uiaWin32.js';

type Handle = number | bigint;

const CF_UNICODETEXT = 13;
const CF_DIB = 8;
const GMEM_MOVEABLE = 0x2;
const HWND_MESSAGE = -3;
const PM_REMOVE = 0x1;
const MSG_SIZE = 48;
/** Often enough that a sent WM_DESTROYCLIPBOARD waits little, rarely enough to cost nothing. */
const PUMP_MS = 20;
const OPEN_RETRY_MS = 10;

function loadClipApi() {
  return {
    ...loadFns('user32.dll', {
      OpenClipboard: 'int32_t __stdcall OpenClipboard(intptr_t hwnd)',
      CloseClipboard: 'int32_t __stdcall CloseClipboard()',
      EmptyClipboard: 'int32_t __stdcall EmptyClipboard()',
      GetClipboardData: 'intptr_t __stdcall GetClipboardData(uint32_t format)',
      SetClipboardData: 'intptr_t __stdcall SetClipboardData(uint32_t format, intptr_t mem)',
      IsClipboardFormatAvailable: 'int32_t __stdcall IsClipboardFormatAvailable(uint32_t f)',
      RegisterClipboardFormatW: 'uint32_t __stdcall RegisterClipboardFormatW(const char16_t *n)',
      GetClipboardSequenceNumber: 'uint32_t __stdcall GetClipboardSequenceNumber()',
      GetClipboardOwner: 'intptr_t __stdcall GetClipboardOwner()',
      CreateWindowExW:
        'intptr_t __stdcall CreateWindowExW(uint32_t ex, const char16_t *cls, const char16_t *name, uint32_t style, int32_t x, int32_t y, int32_t w, int32_t h, intptr_t parent, intptr_t menu, intptr_t inst, intptr_t param)',
      DestroyWindow: 'int32_t __stdcall DestroyWindow(intptr_t hwnd)',
      PeekMessageW:
        'int32_t __stdcall PeekMessageW(void *msg, intptr_t hwnd, uint32_t min, uint32_t max, uint32_t remove)',
      DispatchMessageW: 'intptr_t __stdcall DispatchMessageW(void *msg)',
    }),
    ...loadFns('kernel32.dll', {
      GlobalAlloc: 'intptr_t __stdcall GlobalAlloc(uint32_t flags, size_t bytes)',
      GlobalLock: 'intptr_t __stdcall GlobalLock(intptr_t mem)',
      GlobalUnlock: 'int32_t __stdcall GlobalUnlock(intptr_t mem)',
      GlobalSize: 'size_t __stdcall GlobalSize(intptr_t mem)',
      GlobalFree: 'intptr_t __stdcall GlobalFree(intptr_t mem)',
    }),
    // Two prototypes of one function: a copy out of, and one into, a global block.
    ...loadFns('kernel32.dll', {
      CopyOut: 'void __stdcall RtlMoveMemory(void *dst, intptr_t src, size_t n)',
    }),
    ...loadFns('kernel32.dll', {
      CopyIn: 'void __stdcall RtlMoveMemory(intptr_t dst, void *src, size_t n)',
    }),
  };
}

let api: ReturnType<typeof loadClipApi> | undefined;

function clipApi(): ReturnType<typeof loadClipApi> {
  return (api ??= loadClipApi());
}

const isNull = (h: unknown): boolean => h === 0 || h === 0n || h === null;

/** A global memory block holding `bytes` (the clipboard takes it on success). */
function globalOf(bytes: Uint8Array): Handle {
  const a = clipApi();
  const mem = a.GlobalAlloc(GMEM_MOVEABLE, Math.max(1, bytes.byteLength)) as Handle;
  if (isNull(mem)) throw new ActionFailedError(`GlobalAlloc(${bytes.byteLength}) failed`);
  const at = a.GlobalLock(mem) as Handle;
  if (isNull(at)) {
    a.GlobalFree(mem);
    throw new ActionFailedError('GlobalLock failed');
  }
  a.CopyIn(at, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), bytes.byteLength);
  a.GlobalUnlock(mem);
  return mem;
}

/** The bytes of a clipboard handle; over `maxBytes` answers invalid_params before copying. */
function bytesOf(mem: Handle, maxBytes: number): Buffer {
  const a = clipApi();
  const size = Number(a.GlobalSize(mem));
  if (size > maxBytes) {
    throw new InvalidParamsError(`the clipboard holds ${size} bytes, over the limit ${maxBytes}`, {
      details: { bytes: size, limit: maxBytes },
    });
  }
  const at = a.GlobalLock(mem) as Handle;
  if (isNull(at)) throw new ActionFailedError('GlobalLock of the clipboard data failed');
  try {
    const out = Buffer.alloc(size);
    if (size > 0) a.CopyOut(out, at, size);
    return out;
  } finally {
    a.GlobalUnlock(mem);
  }
}

function utf16Until0(bytes: Buffer): string {
  let end = 0;
  while (end + 1 < bytes.length && (bytes[end] !== 0 || bytes[end + 1] !== 0)) end += 2;
  return bytes.toString('utf16le', 0, end);
}

export class HostClipboard {
  private window: Handle = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private seen = -1;
  private readonly msg = Buffer.alloc(MSG_SIZE + 16);
  private readonly formatIds: { html: number; png: number };

  /** `appName`: a process's app name (the host's own pid answers as uistream). */
  constructor(private readonly appName: (pid: number) => string) {
    const a = clipApi();
    this.formatIds = {
      html: a.RegisterClipboardFormatW('HTML Format') as number,
      png: a.RegisterClipboardFormatW('PNG') as number,
    };
  }

  /** Start announcing changes (and pumping the owner window's queue). */
  watch(notify: (state: ClipboardState) => void): void {
    if (this.timer !== undefined) return;
    this.seen = clipApi().GetClipboardSequenceNumber() as number;
    this.timer = setInterval(() => {
      this.pump();
      const now = clipApi().GetClipboardSequenceNumber() as number;
      if (now === this.seen) return;
      this.seen = now;
      notify(this.state());
    }, PUMP_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (!isNull(this.window)) clipApi().DestroyWindow(this.window);
    this.window = 0;
  }

  state(): ClipboardState {
    const a = clipApi();
    const has = (f: number): boolean => a.IsClipboardFormatAvailable(f) !== 0;
    const formats: ClipboardFormat[] = [];
    if (has(CF_UNICODETEXT)) formats.push('text');
    if (has(this.formatIds.html)) formats.push('html');
    if (has(this.formatIds.png) || has(CF_DIB)) formats.push('image');
    return { formats, owner: this.owner() };
  }

  async read(format: ClipboardFormat, maxBytes: number, deadline: number) {
    return this.opened(deadline, () => {
      const get = (f: number): Buffer | undefined => {
        const a = clipApi();
        if (a.IsClipboardFormatAvailable(f) === 0) return undefined;
        const mem = a.GetClipboardData(f) as Handle;
        return isNull(mem) ? undefined : bytesOf(mem, maxBytes);
      };
      if (format === 'text') {
        const raw = get(CF_UNICODETEXT);
        return raw === undefined ? undefined : utf16Until0(raw);
      }
      if (format === 'html') {
        const raw = get(this.formatIds.html);
        return raw === undefined ? undefined : decodeCfHtml(raw);
      }
      const png = get(this.formatIds.png);
      if (png !== undefined) return new Uint8Array(png);
      const dib = get(CF_DIB);
      return dib === undefined ? undefined : (dibToPng(dib) ?? undefined);
    });
  }

  async write(content: ClipboardContent, deadline: number): Promise<void> {
    const parts: [number, Uint8Array][] = [];
    if (content.text !== undefined)
      parts.push([CF_UNICODETEXT, Buffer.from(`${content.text}\0`, 'utf16le')]);
    if (content.html !== undefined)
      parts.push([this.formatIds.html, Buffer.concat([encodeCfHtml(content.html), Buffer.of(0)])]);
    if (content.image !== undefined) parts.push([this.formatIds.png, content.image]);
    await this.opened(deadline, () => {
      const a = clipApi();
      if (a.EmptyClipboard() === 0) throw new ActionFailedError('EmptyClipboard failed');
      for (const [format, bytes] of parts) {
        const mem = globalOf(bytes);
        if (isNull(a.SetClipboardData(format, mem))) {
          a.GlobalFree(mem);
          throw new ActionFailedError(`SetClipboardData(${format}) failed`);
        }
      }
    });
  }

  private owner(): ClipboardOwner | null {
    const hwnd = clipApi().GetClipboardOwner() as Handle;
    if (isNull(hwnd)) return null;
    if (BigInt(hwnd) === BigInt(this.window)) return { pid: process.pid, app: 'uistream' };
    const pid = windowPid(BigInt(hwnd));
    if (pid === 0) return null;
    const app = this.appName(pid);
    return app === '' ? { pid } : { pid, app };
  }

  /** The owner window, made on first use (message-only: never shown, never enumerated). */
  private ownWindow(): Handle {
    if (isNull(this.window)) {
      this.window = clipApi().CreateWindowExW(
        0,
        'STATIC',
        'uistream clipboard',
        0,
        0,
        0,
        0,
        0,
        HWND_MESSAGE,
        0,
        0,
        0,
      ) as Handle;
      if (isNull(this.window)) throw new ActionFailedError('cannot create the clipboard window');
    }
    return this.window;
  }

  private pump(): void {
    if (isNull(this.window)) return;
    const a = clipApi();
    while (a.PeekMessageW(this.msg, this.window, 0, 0, PM_REMOVE) !== 0)
      a.DispatchMessageW(this.msg);
  }

  /** Run `body` with the clipboard open, retrying while another app holds it open. */
  private async opened<T>(deadline: number, body: () => T): Promise<T> {
    const a = clipApi();
    const window = this.ownWindow();
    while (a.OpenClipboard(window) === 0) {
      if (Date.now() + OPEN_RETRY_MS > deadline)
        throw new TimeoutError('another app kept the clipboard open past the deadline');
      await new Promise((resolve) => setTimeout(resolve, OPEN_RETRY_MS));
    }
    try {
      return body();
    } finally {
      a.CloseClipboard();
    }
  }
}
