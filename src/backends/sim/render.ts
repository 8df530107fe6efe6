/**
 * The sim's screen: a real raster of the simulated desktop drawn with @napi-rs/canvas. Windows
 * are painted bottom to top in z-order (so a modal dialog is on top), minimized windows and
 * offscreen elements are skipped, and the focused element gets a focus ring. Only the
 * requested rectangle is rasterised.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Rect } from '../../../protocol/src/index.js';
import type { CapturedImage, MonitorInfo } from '../backend.js';
import type { Desktop } from './desktop.js';
import type { SimElement } from './element.js';
import { paintElement, paintFocus, paintWindow } from './render-controls.js';

const DESKTOP_COLOUR = '#2d5f8b';

function visible(el: SimElement): boolean {
  return !el.gone && !el.states.has('offscreen') && el.rect !== null && el.rect.width > 0;
}

function paintTree(g: SKRSContext2D, el: SimElement, foreground: boolean): void {
  for (const child of el.children) {
    if (!visible(child) || child.rect === null) continue;
    paintElement(g, child, child.rect, foreground);
    paintTree(g, child, foreground);
  }
}

/** The sim's monitors (the scene's, else the screen as one). */
export function simMonitors(desktop: Desktop): MonitorInfo[] {
  return desktop.monitors.map((m) => ({ ...m }));
}

/** Rasterise `rect` of the desktop as it is now. */
export function renderDesktop(desktop: Desktop, rect: Rect): CapturedImage {
  const canvas = createCanvas(rect.width, rect.height);
  const g = canvas.getContext('2d');
  g.translate(-rect.x, -rect.y);
  g.fillStyle = DESKTOP_COLOUR;
  g.fillRect(rect.x, rect.y, rect.width, rect.height);
  // zOrder[0] is the topmost window: paint from the bottom up.
  const windows = desktop.zOrder.filter(
    (w) => !w.gone && !w.states.has('minimized') && w.rect !== null,
  );
  for (const win of [...windows].reverse()) {
    if (win.rect === null) continue;
    g.save();
    g.beginPath();
    g.rect(win.rect.x, win.rect.y, win.rect.width, win.rect.height);
    g.clip();
    paintWindow(g, win.rect);
    paintTree(g, win, win === desktop.foreground);
    g.restore();
  }
  const focused = desktop.focused;
  if (
    focused !== null &&
    focused.rect !== null &&
    visible(focused) &&
    focused.parent !== desktop.root
  ) {
    paintFocus(g, focused.rect);
  }
  const pixels = g.getImageData(0, 0, rect.width, rect.height).data;
  return {
    width: rect.width,
    height: rect.height,
    data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    rect: { ...rect },
    scale: 1,
  };
}
