/**
 * Set-of-marks from the cache: every visible interactive element of the captured area gets a
 * number and its ref, painted over the image (mark-paint.ts); the legend (ref, role, name) goes beside the
 * image. No tree walk: the cache already knows every element's bounds.
 */
import type { ElementNode, Mark, Rect } from '../../protocol/src/index.js';

/** Control types an agent can act on. */
const INTERACTIVE = new Set<string>([
  'Button',
  'SplitButton',
  'CheckBox',
  'RadioButton',
  'Edit',
  'Document',
  'ComboBox',
  'Hyperlink',
  'ListItem',
  'MenuItem',
  'TabItem',
  'TreeItem',
  'DataItem',
  'Slider',
  'Spinner',
  'ScrollBar',
]);

/** What marks need from the cache. */
export interface MarkSource {
  /** Pre-order nodes of the windows in the area, topmost window first. */
  nodes(): ElementNode[];
  /** The window ref hit at a screen point (occlusion), or null. */
  windowAt(x: number, y: number): string | null;
}

export function isInteractive(node: ElementNode): boolean {
  return INTERACTIVE.has(node.controlType) && !node.states.includes('offscreen');
}

function inside(r: Rect, area: Rect): boolean {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  return cx >= area.x && cy >= area.y && cx < area.x + area.width && cy < area.y + area.height;
}

/** The visible interactive elements of `area`, numbered from 1 in document order. */
export function collectMarks(source: MarkSource, area: Rect): Mark[] {
  const marks: Mark[] = [];
  for (const node of source.nodes()) {
    const r = node.rect;
    if (r === null || r.width <= 0 || r.height <= 0 || !isInteractive(node)) continue;
    if (!inside(r, area)) continue;
    if (source.windowAt(r.x + r.width / 2, r.y + r.height / 2) !== node.window) continue;
    marks.push({
      n: marks.length + 1,
      ref: node.ref,
      role: node.controlType,
      name: node.name,
      rect: r,
    });
  }
  return marks;
}

/** The legend beside the image: `[1] e12 Button "Save"` per line. */
export function legendText(marks: readonly Mark[]): string {
  return marks.map((m) => `[${m.n}] ${m.ref} ${m.role} ${JSON.stringify(m.name)}`).join('\n');
}
