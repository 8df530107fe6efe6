/**
 * Which top-level X windows cover a screen area of another: the root's children in stacking
 * order (XQueryTree lists them bottom to top), each mapped one above the target's own top-level
 * window that overlaps the area. A capture of a covered area would read the covering window's
 * pixels, so the capture answers what covers it instead (no compositing manager runs under Xvfb
 * or most CI sessions, so a window's hidden pixels do not exist anywhere to be read).
 */
import koffi from 'koffi';
import type { Rect } from '../../../protocol/src/index.js';
import type { X11Lib } from './x11Lib.js';
import { X_WINDOW_ATTRIBUTES_FIELDS } from './x11WindowLib.js';

/** A window over the area: its X id (hex), its title and its rectangle on screen. */
export interface Occluder {
  window: string;
  title: string;
  rect: Rect;
}

const IS_VIEWABLE = 2;

/** Xlib's XWindowAttributes, declared for XGetWindowAttributes' prototype by its name. */
koffi.struct('XWindowAttributes', X_WINDOW_ATTRIBUTES_FIELDS);

interface Attributes {
  x: number;
  y: number;
  width: number;
  height: number;
  border_width: number;
  map_state: number;
}

interface StackLib {
  queryTree: X11Lib['sync'];
  getAttributes: X11Lib['sync'];
  fetchName: X11Lib['sync'];
  free: X11Lib['sync'];
}

let stackLib: StackLib | undefined;

function load(): StackLib {
  if (stackLib !== undefined) return stackLib;
  const lib = koffi.load('libX11.so.6');
  stackLib = {
    queryTree: lib.func(
      'int XQueryTree(void *display, unsigned long w, _Out_ unsigned long *root, _Out_ unsigned long *parent, _Out_ void **children, _Out_ unsigned int *count)',
    ),
    getAttributes: lib.func(
      'int XGetWindowAttributes(void *display, unsigned long w, _Out_ XWindowAttributes *attributes)',
    ),
    fetchName: lib.func('int XFetchName(void *display, unsigned long w, _Out_ void **name)'),
    free: lib.func('int XFree(void *data)'),
  };
  return stackLib;
}

type Xid = number | bigint;

/** A window's parent and children (bottom to top); undefined when the window is gone. */
function tree(display: unknown, window: Xid): { parent: Xid; children: Xid[] } | undefined {
  const x = load();
  const root = [0];
  const parent = [0];
  const list: unknown[] = [null];
  const count = [0];
  if (x.queryTree(display, window, root, parent, list, count) === 0) return undefined;
  const ptr = list[0];
  if (ptr === null || count[0] === 0) return { parent: parent[0] ?? 0, children: [] };
  const children = koffi.decode(ptr, koffi.array('unsigned long', count[0] ?? 0)) as Xid[];
  x.free(ptr);
  return { parent: parent[0] ?? 0, children: [...children] };
}

function attributes(display: unknown, window: Xid): Attributes | undefined {
  const out = {} as Attributes;
  return load().getAttributes(display, window, out) === 0 ? undefined : out;
}

/** The window's title (WM_NAME), or its first titled child's (a window manager's frame). */
function titleOf(display: unknown, window: Xid, depth = 0): string {
  const x = load();
  const name: unknown[] = [null];
  if (x.fetchName(display, window, name) !== 0 && name[0] !== null) {
    const title = koffi.decode(name[0], 'char', -1) as string;
    x.free(name[0]);
    return title;
  }
  if (depth > 1) return '';
  for (const child of tree(display, window)?.children ?? []) {
    const title = titleOf(display, child, depth + 1);
    if (title !== '') return title;
  }
  return '';
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The root's child that holds `window` (itself without a window manager, else its frame). */
function topLevel(display: unknown, root: Xid, window: Xid): Xid | undefined {
  let current = window;
  for (let depth = 0; depth < 16; depth++) {
    const t = tree(display, current);
    if (t === undefined) return undefined;
    if (BigInt(t.parent) === BigInt(root)) return current;
    current = t.parent;
  }
  return undefined;
}

/** Mapped top-level windows stacked above `window` that overlap `area`, lowest first. */
export function occludersOf(lib: X11Lib, display: unknown, window: Xid, area: Rect): Occluder[] {
  const root = lib.rootWindow(display) as Xid;
  const own = topLevel(display, root, window);
  if (own === undefined) return [];
  const stack = tree(display, root)?.children ?? [];
  const index = stack.findIndex((w) => BigInt(w) === BigInt(own));
  if (index < 0) return [];
  const found: Occluder[] = [];
  for (const above of stack.slice(index + 1)) {
    const a = attributes(display, above);
    if (a === undefined || a.map_state !== IS_VIEWABLE) continue;
    const border = a.border_width * 2;
    const rect = { x: a.x, y: a.y, width: a.width + border, height: a.height + border };
    if (!overlaps(rect, area)) continue;
    found.push({ window: `0x${BigInt(above).toString(16)}`, title: titleOf(display, above), rect });
  }
  return found;
}
