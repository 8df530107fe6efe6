/**
 * One coordinate space for every app: the X server's pixels, which on X11 are the physical
 * ones. Toolkits that scale themselves report AT-SPI extents in their own logical pixels, as
 * measured under Xvfb and openbox: GTK 3 at GDK_SCALE=2 and Qt 5 at QT_SCALE_FACTOR=1.5 answer
 * root coordinates divided by the scale, GTK 4 at GDK_SCALE=2 coordinates from its window's
 * corner divided by it (docs/desktop-operations.md, Scaled apps). Nothing on the bus states the scale, so it is measured
 * per app: its X client window's size over its accessible window's size, matched by the window
 * truth. A toolkit counting from its window's corner gets that X window's origin added.
 */
import type { Rect } from '../../../protocol/src/index.js';
import type { BackendEvent, BackendNode } from '../backend.js';
import type { AccessibleTopLevel, XTopLevel } from '../x11/index.js';
import { refOf } from './atspiIds.js';

/** What the coordinates need of the window truth (atspiWindowTruth.ts). */
interface WindowTruth {
  filterDesktop(nodes: BackendNode[]): BackendNode[];
  pairs(): MatchedWindow[];
}

/** How one app's extents map to X pixels: `x * scale + dx`. */
export interface AppMap {
  scale: number;
  dx: number;
  dy: number;
}

export interface MatchedWindow {
  acc: AccessibleTopLevel;
  x: XTopLevel;
  /** The X server's active window. */
  active: boolean;
}

const IDENTITY: AppMap = { scale: 1, dx: 0, dy: 0 };
/** Width and height ratios further apart than this are not a scale (a window mid-resize). */
const RATIO_AGREEMENT = 0.15;

/** Toolkits scale in steps; a quarter absorbs decorations counted on one side only. */
function quarter(ratio: number): number {
  return Math.min(8, Math.max(0.25, Math.round(ratio * 4) / 4));
}

/** The scale a matched pair shows, or undefined when its rects do not tell. */
export function scaleOf(acc: Rect, x: Rect): number | undefined {
  if (acc.width <= 1 || acc.height <= 1 || x.width <= 1 || x.height <= 1) return undefined;
  const w = x.width / acc.width;
  const h = x.height / acc.height;
  if (Math.abs(w - h) > RATIO_AGREEMENT * Math.max(w, h)) return undefined;
  return quarter((w + h) / 2);
}

export class AppCoordinates {
  private readonly byBus = new Map<string, AppMap>();

  /** `windowRelative`: pids of apps whose toolkit counts extents from their window's corner. */
  constructor(
    private readonly windowRelative: { has(pid: number): boolean },
    private readonly emit: (events: readonly BackendEvent[]) => void,
  ) {}

  /** The app's scale (1 until measured). */
  scaleOf(busName: string): number {
    return this.byBus.get(busName)?.scale ?? 1;
  }

  /** Measure every matched app again; answers the bus names whose map changed. */
  learn(pairs: readonly MatchedWindow[]): string[] {
    const next = new Map<string, AppMap>();
    // The active window first: a window-relative app's offset is its active window's.
    const ordered = [...pairs].sort((a, b) => Number(b.active) - Number(a.active));
    for (const { acc, x } of ordered) {
      const bus = refOf(acc.id)[0];
      if (next.has(bus) || acc.rect === null || x.rect === null) continue;
      const scale = scaleOf(acc.rect, x.rect);
      if (scale === undefined) continue;
      const relative = acc.pid !== undefined && this.windowRelative.has(acc.pid);
      const dx = relative ? x.rect.x - Math.round(acc.rect.x * scale) : 0;
      const dy = relative ? x.rect.y - Math.round(acc.rect.y * scale) : 0;
      next.set(bus, { scale, dx, dy });
    }
    const changed: string[] = [];
    for (const [bus, map] of next) {
      const old = this.byBus.get(bus) ?? IDENTITY;
      if (old.scale !== map.scale || old.dx !== map.dx || old.dy !== map.dy) changed.push(bus);
      this.byBus.set(bus, map);
    }
    return changed;
  }

  /**
   * Measure after a desktop listing (its windows the children of its first node), answering it
   * as the window truth filters it, mapped; the windows of apps whose map changed are re-read (`emit`), since what
   * the cache holds of them was mapped the old way.
   */
  remeasure(truth: WindowTruth, listing: BackendNode[]): BackendNode[] {
    const nodes = truth.filterDesktop(listing);
    const changed = new Set(this.learn(truth.pairs()));
    const windows = (nodes[0]?.children ?? []).filter((w) => changed.has(refOf(w)[0]));
    if (windows.length > 0) {
      this.emit(windows.map((id) => ({ type: 'structure', change: 'invalidated', id })));
    }
    return this.nodes(nodes);
  }

  forget(): void {
    this.byBus.clear();
  }

  rect(id: string, rect: Rect): Rect {
    const map = this.byBus.get(refOf(id)[0]);
    if (map === undefined || (map.scale === 1 && map.dx === 0 && map.dy === 0)) return rect;
    const x = Math.round(rect.x * map.scale) + map.dx;
    const y = Math.round(rect.y * map.scale) + map.dy;
    return {
      x,
      y,
      width: Math.round((rect.x + rect.width) * map.scale) + map.dx - x,
      height: Math.round((rect.y + rect.height) * map.scale) + map.dy - y,
    };
  }

  nodes(nodes: BackendNode[]): BackendNode[] {
    if (this.byBus.size === 0) return nodes;
    return nodes.map((n) => {
      const r = n.props.rect;
      if (r === null || r === undefined || n.parentId === null) return n;
      return { ...n, props: { ...n.props, rect: this.rect(n.id, r) } };
    });
  }

  events(batch: readonly BackendEvent[]): readonly BackendEvent[] {
    if (this.byBus.size === 0) return batch;
    return batch.map((e) => {
      if (e.type !== 'property' || e.props.rect === null || e.props.rect === undefined) return e;
      return { ...e, props: { ...e.props, rect: this.rect(e.id, e.props.rect) } };
    });
  }
}
