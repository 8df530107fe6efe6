/**
 * Which screen rectangle a capture or OCR request means: an element (with padding), a window,
 * a monitor, a rect, or the whole desktop; always clipped to the desktop, or invalid_region.
 */
import type { Rect, WindowInfo } from '../../protocol/src/index.js';
import type { BackendId, MonitorInfo } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import { ElementNotFoundError, isUiError, UiError } from '../errors.js';

export interface AreaParams {
  window?: string | undefined;
  ref?: string | undefined;
  monitorIndex?: number | undefined;
  rect?: Rect | undefined;
  padding: number;
}

export interface Area {
  rect: Rect;
  /** The top-level window asked for (so a backend may render it even when occluded). */
  windowId?: BackendId | undefined;
  /** Window ref the request named, when it named one (marks stay inside it). */
  windowRef?: string | undefined;
}

export function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  if (right <= x || bottom <= y) return null;
  return { x, y, width: right - x, height: bottom - y };
}

/** The bounding box of all monitors. */
export function desktopRect(monitors: readonly MonitorInfo[]): Rect {
  const first = monitors[0];
  if (first === undefined) throw new UiError('not_supported', 'this backend reports no monitor');
  let box = first.rect;
  for (const m of monitors.slice(1)) {
    const x = Math.min(box.x, m.rect.x);
    const y = Math.min(box.y, m.rect.y);
    const right = Math.max(box.x + box.width, m.rect.x + m.rect.width);
    const bottom = Math.max(box.y + box.height, m.rect.y + m.rect.height);
    box = { x, y, width: right - x, height: bottom - y };
  }
  return box;
}

function pad(r: Rect, padding: number): Rect {
  return {
    x: Math.floor(r.x - padding),
    y: Math.floor(r.y - padding),
    width: Math.ceil(r.width + 2 * padding),
    height: Math.ceil(r.height + 2 * padding),
  };
}

function requested(cache: UiCache, p: AreaParams, monitors: readonly MonitorInfo[]): Area {
  if (p.ref !== undefined) {
    const el = cache.get({ ref: p.ref }).element;
    if (el.rect === null || el.rect === undefined || el.rect.width <= 0) {
      throw new ElementNotFoundError(`element ${p.ref} has no bounds on screen`, {
        details: { ref: p.ref },
      });
    }
    // The element's window goes with it, so the backend can tell when another window covers it.
    const win = el.window ? windowOf(cache, el.window) : undefined;
    return {
      rect: pad(el.rect, p.padding),
      windowRef: el.window ?? undefined,
      ...(win === undefined ? {} : { windowId: cache.backendId(win.element) }),
    };
  }
  if (p.window !== undefined) {
    const win: WindowInfo = cache.resolveWindow(p.window);
    if (win.rect === null || win.minimized) {
      throw new UiError('invalid_region', `window "${win.title}" is not on screen`, {
        details: { window: win.ref, minimized: win.minimized },
      });
    }
    return {
      rect: pad(win.rect, p.padding),
      windowId: cache.backendId(win.element),
      windowRef: win.ref,
    };
  }
  if (p.monitorIndex !== undefined) {
    const m = monitors.find((x) => x.index === p.monitorIndex);
    if (m === undefined) {
      throw new UiError('invalid_region', `there is no monitor ${p.monitorIndex}`, {
        details: { monitors: monitors.map((x) => ({ index: x.index, rect: x.rect })) },
      });
    }
    return { rect: m.rect };
  }
  return { rect: p.rect ?? desktopRect(monitors) };
}

/** Resolve the request to an on-screen, whole-pixel rectangle. */
export function resolveArea(cache: UiCache, p: AreaParams, monitors: readonly MonitorInfo[]): Area {
  const area = requested(cache, p, monitors);
  const desktop = desktopRect(monitors);
  const clipped = intersect(pad(area.rect, 0), desktop);
  if (clipped === null) {
    throw new UiError('invalid_region', 'the region is outside the screen', {
      details: { rect: area.rect, desktop },
    });
  }
  return { ...area, rect: clipped };
}

/** The cached window `ref`, or undefined when it has gone. */
function windowOf(cache: UiCache, ref: string): WindowInfo | undefined {
  try {
    return cache.resolveWindow(ref);
  } catch (err) {
    if (isUiError(err)) return undefined;
    throw err;
  }
}
