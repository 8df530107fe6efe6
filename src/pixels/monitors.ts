/**
 * Where a rectangle sits among the monitors. Every rect is in the desktop's physical pixels
 * (docs/desktop-operations.md), so these are plain rectangle sums on every backend.
 */
import type { Rect } from '../../protocol/src/index.js';
import type { MonitorInfo } from '../backends/backend.js';

/** Area of the overlap of two rects (0 when they do not meet). */
export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The monitor holding most of `rect` (ties: the first listed), or null when none holds any. */
export function monitorOf(rect: Rect | null, monitors: readonly MonitorInfo[]): number | null {
  if (rect === null) return null;
  let best: MonitorInfo | null = null;
  let bestArea = 0;
  for (const m of monitors) {
    const area = overlapArea(rect, m.rect);
    if (area > bestArea) [best, bestArea] = [m, area];
  }
  return best?.index ?? null;
}

/** Whether any part of `rect` is on a monitor (no monitors known: assumed so). */
export function onSomeMonitor(rect: Rect, monitors: readonly MonitorInfo[]): boolean {
  return monitors.length === 0 || monitorOf(rect, monitors) !== null;
}

/**
 * A logical (scaled) point on a monitor as desktop physical pixels: the conversion a platform
 * that reports logical coordinates (a DPI-unaware view) needs to join the physical space.
 */
export function logicalToPhysical(
  point: { x: number; y: number },
  monitor: Pick<MonitorInfo, 'rect' | 'scale'>,
): { x: number; y: number } {
  const { rect, scale } = monitor;
  return {
    x: Math.round(rect.x + (point.x - rect.x) * scale),
    y: Math.round(rect.y + (point.y - rect.y) * scale),
  };
}
