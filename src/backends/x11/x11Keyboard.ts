/**
 * Typing any text on an X display through XTest and temporary keycode mappings (the plan is
 * x11Typing.ts). Its own short-lived display connection per text; every keycode it mapped is
 * restored before it closes, also when typing is cancelled mid-way. Loading fails cleanly
 * (BackendUnavailableError) where libX11 or libXtst is missing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import koffi, { type LibraryHandle } from 'koffi';
import { abortError, BackendUnavailableError, NotSupportedError } from '../../errors.js';
import { loadX11 } from './x11Lib.js';
import {
  keycodeOf,
  planTyping,
  spareKeycodes,
  XK_RETURN,
  XK_TAB,
  type CoreKeymap,
  type TypingStep,
} from './x11Typing.js';

/** At most this many keycodes are borrowed at once: enough for a chunk of distinct characters. */
const MAX_SPARE = 24;
/** Keysyms a borrowed keycode gets: the same one unshifted and shifted, so Shift cannot change it. */
const LEVELS = 2;

type Fn = ReturnType<LibraryHandle['func']>;

interface KeyboardLib {
  open: Fn;
  close: Fn;
  keycodes: Fn;
  getMapping: Fn;
  changeMapping: Fn;
  free: Fn;
  sync: Fn;
  flush: Fn;
  fakeKey: Fn;
}

let loaded: KeyboardLib | undefined;

function loadKeyboardLib(): KeyboardLib {
  if (loaded !== undefined) return loaded;
  loadX11(); // installs the error handler that keeps Xlib from exiting the process
  let x: LibraryHandle;
  let xtst: LibraryHandle;
  try {
    x = koffi.load('libX11.so.6');
    xtst = koffi.load('libXtst.so.6');
  } catch (err) {
    throw new BackendUnavailableError('libX11 or libXtst is missing: typing needs them', {
      cause: err,
    });
  }
  loaded = {
    open: x.func('void *XOpenDisplay(const char *name)'),
    close: x.func('int XCloseDisplay(void *display)'),
    keycodes: x.func('int XDisplayKeycodes(void *display, _Out_ int *min, _Out_ int *max)'),
    getMapping: x.func(
      'void *XGetKeyboardMapping(void *display, uint8_t first, int count, _Out_ int *per)',
    ),
    changeMapping: x.func(
      'int XChangeKeyboardMapping(void *display, int first, int per, const unsigned long *keysyms, int count)',
    ),
    free: x.func('int XFree(void *data)'),
    sync: x.func('int XSync(void *display, int discard)'),
    flush: x.func('int XFlush(void *display)'),
    fakeKey: xtst.func(
      'int XTestFakeKeyEvent(void *display, unsigned int keycode, int press, unsigned long delay)',
    ),
  };
  return loaded;
}

/** KeySyms as Xlib takes them: an array of unsigned longs (64 bits here). */
function keysyms(values: readonly number[]): BigUint64Array {
  return BigUint64Array.from(values.map((v) => BigInt(v)));
}

function readKeymap(lib: KeyboardLib, display: unknown): CoreKeymap {
  const min = [0];
  const max = [0];
  lib.keycodes(display, min, max);
  const first = min[0] ?? 8;
  const last = max[0] ?? 255;
  const per = [0];
  const ptr: unknown = lib.getMapping(display, first, last - first + 1, per);
  const perCode = per[0] ?? 0;
  const count = (last - first + 1) * perCode;
  // A typed array (BigUint64Array) or a plain array, depending on koffi's decoding.
  const decoded = koffi.decode(ptr, koffi.array('unsigned long', count)) as ArrayLike<
    number | bigint
  >;
  const syms = Array.from(decoded, Number);
  lib.free(ptr);
  return { min: first, max: last, perCode, syms };
}

export interface TypeOptions {
  signal: AbortSignal;
  /** Pause between keys (apps that do work per key lose keys sent in one burst). */
  keyDelayMs: number;
  /** Resolve once the app has handled every key sent so far (before a mapping changes back). */
  handled(): Promise<void>;
}

/** Types text on one X display. */
export class X11Keyboard {
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  async type(text: string, options: TypeOptions): Promise<void> {
    const lib = loadKeyboardLib();
    const display: unknown = lib.open(this.env.DISPLAY ?? null);
    if (display === null)
      throw new NotSupportedError(`cannot open the X display ${this.env.DISPLAY ?? ''}`);
    const borrowed = new Map<number, number[]>();
    try {
      const map = readKeymap(lib, display);
      const spare = spareKeycodes(map, MAX_SPARE);
      const named = { ret: keycodeOf(map, XK_RETURN), tab: keycodeOf(map, XK_TAB) };
      let steps: TypingStep[];
      try {
        steps = planTyping(text, spare, named);
      } catch {
        throw new NotSupportedError('the keyboard map has no free keycode to type with');
      }
      for (const step of steps) await this.run(lib, display, map, step, borrowed, options);
    } finally {
      for (const [keycode, row] of borrowed)
        lib.changeMapping(display, keycode, row.length, keysyms(row), 1);
      lib.sync(display, 0);
      lib.close(display);
    }
  }

  private async run(
    lib: KeyboardLib,
    display: unknown,
    map: CoreKeymap,
    step: TypingStep,
    borrowed: Map<number, number[]>,
    options: TypeOptions,
  ): Promise<void> {
    if (options.signal.aborted) throw abortError(options.signal);
    switch (step.kind) {
      case 'map':
        for (const { keycode, keysym } of step.codes) {
          const row = (keycode - map.min) * map.perCode;
          borrowed.set(keycode, map.syms.slice(row, row + map.perCode));
          lib.changeMapping(
            display,
            keycode,
            LEVELS,
            keysyms(new Array<number>(LEVELS).fill(keysym)),
            1,
          );
        }
        lib.sync(display, 0);
        return;
      case 'tap':
        lib.fakeKey(display, step.keycode, 1, 0);
        lib.fakeKey(display, step.keycode, 0, 0);
        lib.flush(display);
        await sleep(options.keyDelayMs, undefined, { signal: options.signal });
        return;
      case 'handled':
        lib.sync(display, 0);
        await options.handled();
        return;
      case 'restore':
        for (const keycode of step.keycodes) {
          const row = borrowed.get(keycode);
          if (row !== undefined) lib.changeMapping(display, keycode, row.length, keysyms(row), 1);
          borrowed.delete(keycode);
        }
        lib.sync(display, 0);
    }
  }
}
