/**
 * The monitors of an X display as Xinerama reports them (libXinerama): on a multi-head desk
 * the root window spans every monitor, and Xinerama is what window managers (openbox) and
 * toolkits place windows by. One head, no Xinerama or no library: the caller keeps the whole
 * screen as one monitor.
 */
import koffi from 'koffi';
import type { Rect } from '../../../protocol/src/index.js';

interface XineramaLib {
  isActive(display: unknown): number;
  queryScreens(display: unknown, count: [number]): unknown;
  free(data: unknown): number;
  decode(
    ptr: unknown,
    count: number,
  ): { x_org: number; y_org: number; width: number; height: number }[];
}

let loaded: XineramaLib | null | undefined;

function loadXinerama(): XineramaLib | null {
  if (loaded !== undefined) return loaded;
  try {
    const lib = koffi.load('libXinerama.so.1');
    const x11 = koffi.load('libX11.so.6');
    const Info = koffi.struct('XineramaScreenInfo', {
      screen_number: 'int',
      x_org: 'short',
      y_org: 'short',
      width: 'short',
      height: 'short',
    });
    loaded = {
      isActive: lib.func('int XineramaIsActive(void *display)'),
      queryScreens: lib.func('void *XineramaQueryScreens(void *display, _Out_ int *number)'),
      free: x11.func('int XFree(void *data)'),
      decode: (ptr, count) => koffi.decode(ptr, koffi.array(Info, count)) as never,
    };
  } catch {
    loaded = null;
  }
  return loaded;
}

/** The Xinerama heads of `display` in Xinerama's order, or [] when there are none to split. */
export function xineramaHeads(display: unknown): Rect[] {
  const lib = loadXinerama();
  if (lib === null || lib.isActive(display) === 0) return [];
  const count: [number] = [0];
  const ptr = lib.queryScreens(display, count);
  if (ptr === null || count[0] <= 0) return [];
  try {
    return lib.decode(ptr, count[0]).map((h) => ({
      x: h.x_org,
      y: h.y_org,
      width: h.width,
      height: h.height,
    }));
  } finally {
    lib.free(ptr);
  }
}
