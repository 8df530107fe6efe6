/**
 * How each sim control looks: one small drawing function per control type, on a 2D context
 * already translated to screen coordinates. Plain shapes and DejaVu Sans text, so a picture is
 * a pure function of the desktop's state (deterministic per seed) and OCR can be checked
 * against the text the sim knows it drew.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Rect } from '../../../protocol/src/index.js';
import type { SimElement } from './element.js';

export const FONT_PX = 14;
export const LINE_PX = 18;
const FONT = `${FONT_PX}px "DejaVu Sans"`;
const INK = '#000000';
const MUTED = '#8a8a8a';

type Ctx = SKRSContext2D;
type Painter = (g: Ctx, el: SimElement, r: Rect, foreground: boolean) => void;

function box(g: Ctx, r: Rect, fill: string, stroke?: string): void {
  g.fillStyle = fill;
  g.fillRect(r.x, r.y, r.width, r.height);
  if (stroke !== undefined) {
    g.strokeStyle = stroke;
    g.lineWidth = 1;
    g.strokeRect(r.x + 0.5, r.y + 0.5, r.width - 1, r.height - 1);
  }
}

/** Text clipped to `r`, vertically centred on one line unless `top` is given. */
export function label(g: Ctx, text: string, r: Rect, x: number, color = INK, top?: number): void {
  if (text === '') return;
  g.save();
  g.beginPath();
  g.rect(r.x, r.y, r.width, r.height);
  g.clip();
  g.font = FONT;
  g.fillStyle = color;
  g.textBaseline = 'middle';
  const y = top ?? r.y + r.height / 2;
  g.fillText(text, Math.round(x), Math.round(y));
  g.restore();
}

function centred(g: Ctx, text: string, r: Rect, color: string): void {
  g.font = FONT;
  const w = g.measureText(text).width;
  label(g, text, r, r.x + Math.max(2, (r.width - w) / 2), color);
}

const enabled = (el: SimElement): boolean => el.states.has('enabled');
const ink = (el: SimElement): string => (enabled(el) ? INK : MUTED);

const GLYPHS: Record<string, string> = { Minimize: '_', Maximize: '□', Close: '×' };

const button: Painter = (g, el, r) => {
  const inTitleBar = el.parent?.controlType === 'TitleBar';
  if (inTitleBar) return centred(g, GLYPHS[el.name] ?? el.name, r, '#ffffff');
  box(g, r, '#e1e1e1', '#adadad');
  centred(g, el.name, r, ink(el));
};

const check: Painter = (g, el, r) => {
  const side = Math.min(14, r.height - 2);
  const b = { x: r.x + 2, y: r.y + Math.round((r.height - side) / 2), width: side, height: side };
  box(g, b, '#ffffff', '#333333');
  if (el.states.has('checked') || el.states.has('selected')) {
    box(g, { x: b.x + 3, y: b.y + 3, width: side - 6, height: side - 6 }, '#202020');
  }
  label(g, el.name, r, r.x + side + 8, ink(el));
};

/** An edit or document: its value, one line per row, clipped (no wrapping). */
const edit: Painter = (g, el, r) => {
  box(g, r, '#ffffff', '#7a7a7a');
  const lines = (el.value ?? '').split('\n');
  const first = r.y + 4 + LINE_PX / 2;
  const inner = { x: r.x + 1, y: r.y + 1, width: r.width - 2, height: r.height - 2 };
  lines.forEach((line, i) => {
    const y = first + i * LINE_PX;
    if (y < r.y + r.height) label(g, line, inner, r.x + 6, INK, y);
  });
};

const text: Painter = (g, el, r) => label(g, el.name || (el.value ?? ''), r, r.x + 2, ink(el));

const titleBar: Painter = (g, el, r, foreground) => {
  box(g, r, foreground ? '#2b579a' : '#7f8c9a');
  label(g, el.name, { ...r, width: r.width - 124 }, r.x + 10, '#ffffff');
};

const strip: Painter = (g, _el, r) => box(g, r, '#f0f0f0');

const item: Painter = (g, el, r) => {
  if (el.states.has('selected')) box(g, r, '#cce4f7');
  label(g, el.name, r, r.x + 6, ink(el));
};

const menu: Painter = (g, _el, r) => box(g, r, '#ffffff', '#9a9a9a');

const slider: Painter = (g, el, r) => {
  const range = el.range;
  box(g, { x: r.x, y: r.y + r.height / 2 - 2, width: r.width, height: 4 }, '#c0c0c0');
  if (range === undefined || range.max <= range.min) return;
  const at = (range.value - range.min) / (range.max - range.min);
  box(g, { x: r.x + at * (r.width - 8), y: r.y + 2, width: 8, height: r.height - 4 }, '#0078d7');
};

const progress: Painter = (g, el, r) => {
  box(g, r, '#e6e6e6', '#bcbcbc');
  const range = el.range;
  if (range === undefined || range.max <= range.min) return;
  const at = (range.value - range.min) / (range.max - range.min);
  box(g, { x: r.x + 1, y: r.y + 1, width: (r.width - 2) * at, height: r.height - 2 }, '#06b025');
};

const combo: Painter = (g, el, r) => {
  box(g, r, '#ffffff', '#7a7a7a');
  label(g, el.value ?? el.name, { ...r, width: r.width - 20 }, r.x + 6, ink(el));
  label(g, '▾', r, r.x + r.width - 16, INK);
};

const tabItem: Painter = (g, el, r) => {
  box(g, r, el.states.has('selected') ? '#ffffff' : '#e8e8e8', '#adadad');
  centred(g, el.name, r, ink(el));
};

const row: Painter = (g, el, r) => {
  box(g, r, el.states.has('selected') ? '#cce4f7' : '#ffffff', '#e0e0e0');
  label(g, el.name, r, r.x + 6, INK);
};

const PAINTERS: Partial<Record<SimElement['controlType'], Painter>> = {
  Button: button,
  SplitButton: button,
  CheckBox: check,
  RadioButton: check,
  Edit: edit,
  Document: edit,
  Text: text,
  Hyperlink: text,
  TitleBar: titleBar,
  MenuBar: strip,
  ToolBar: strip,
  StatusBar: strip,
  Header: strip,
  MenuItem: item,
  ListItem: item,
  TreeItem: item,
  Menu: menu,
  List: menu,
  Slider: slider,
  ProgressBar: progress,
  ComboBox: combo,
  TabItem: tabItem,
  DataItem: row,
};

/** Draw one element (not its children). `drawnText` is pixels only: no accessible name. */
export function paintElement(g: Ctx, el: SimElement, r: Rect, foreground: boolean): void {
  PAINTERS[el.controlType]?.(g, el, r, foreground);
  if (el.drawnText !== undefined) label(g, el.drawnText, r, r.x + 4, '#1a1a1a');
}

/** The dashed ring around the focused element. */
export function paintFocus(g: Ctx, r: Rect): void {
  g.save();
  g.strokeStyle = '#0078d7';
  g.lineWidth = 2;
  g.setLineDash([3, 2]);
  g.strokeRect(r.x + 1, r.y + 1, r.width - 2, r.height - 2);
  g.restore();
}

/** A window's body; the title bar and controls are drawn over it. */
export function paintWindow(g: Ctx, r: Rect): void {
  box(g, r, '#f8f8f8', '#5a5a5a');
}
