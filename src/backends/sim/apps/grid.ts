/**
 * The records grid: a data grid over many rows (10,000 by default) that is VIRTUALIZED like a
 * real list view: only the rows in the viewport (plus one partly visible, offscreen row below
 * it) exist as elements. Scrolling (Scroll pattern, wheel, the scroll bar's RangeValue, or
 * ScrollItem on the partly visible row) realizes new rows and removes those that left, raising
 * structure events; a jump of a whole page or more replaces them in one 'invalidated'.
 */
import { ActionFailedError } from '../../../errors.js';
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, titleBar } from './parts.js';

export interface GridOptions {
  x: number;
  y: number;
  rows: number;
  visibleRows: number;
}

const ROW_H = 22;
const W = 600;
/** Rows per wheel notch / Scroll amount, as Windows scrolls three lines per notch. */
const ROWS_PER_NOTCH = 3;

export function launchGrid(d: Desktop, app: SimApp, o: GridOptions): SimElement {
  let top = 0;
  const viewH = o.visibleRows * ROW_H;
  const maxTop = Math.max(0, o.rows - o.visibleRows);

  const rowSpec = (index: number): ElementSpec => {
    const y = 30 + (index - top) * ROW_H;
    const cells = [`${index + 1}`, `Item ${index + 1}`, index % 3 === 0 ? 'Done' : 'Open'];
    return {
      type: 'DataItem',
      name: `Row ${index + 1}`,
      automationId: `grid.row.${index}`,
      rect: [0, y, W - 20, ROW_H],
      states: index - top >= o.visibleRows ? ['offscreen'] : [],
      hooks: { scrollIntoView: () => scrollTo(index < top ? index : index - o.visibleRows + 1) },
      children: cells.map((name, c) => ({
        type: 'Text' as const,
        name,
        rect: [c * 190, y, 190, ROW_H] as [number, number, number, number],
      })),
    };
  };
  /** Row indexes that exist at `from`: the viewport plus one partly visible row below. */
  const realized = (from: number): number[] => {
    const end = Math.min(o.rows, from + o.visibleRows + 1);
    return Array.from({ length: Math.max(0, end - from) }, (_, i) => from + i);
  };
  const indexOf = (row: SimElement): number => Number(row.automationId?.split('.')[2]);

  const scrollTo = (wanted: number): void => {
    const next = Math.max(0, Math.min(maxTop, Math.round(wanted)));
    const g = must(grid);
    if (next === top) return;
    const delta = next - top;
    top = next;
    if (Math.abs(delta) > o.visibleRows) {
      d.replaceChildren(g, realized(top).map(rowSpec));
    } else {
      shiftRows(d, g, realized(top), indexOf, rowSpec, delta * ROW_H, top + o.visibleRows);
    }
    d.set(must(bar), { range: { value: top, min: 0, max: maxTop, step: 1 } });
  };
  const scroll = (direction: 'up' | 'down' | 'left' | 'right', notches: number): void => {
    if (direction === 'left' || direction === 'right') {
      throw new ActionFailedError('the grid cannot scroll horizontally');
    }
    scrollTo(top + (direction === 'down' ? 1 : -1) * notches * ROWS_PER_NOTCH);
  };

  const win = openWindow(d, app, {
    type: 'Window',
    name: 'Records',
    className: 'GridWindow',
    rect: [o.x, o.y, W, viewH + 30],
    children: [
      titleBar(d, 'Records', W, () => win, 'grid'),
      {
        type: 'DataGrid',
        name: 'Records',
        automationId: 'grid.table',
        rect: [0, 30, W - 20, viewH],
        hooks: { scroll },
        children: realized(0).map(rowSpec),
      },
      {
        type: 'ScrollBar',
        name: 'Vertical',
        automationId: 'grid.scrollbar',
        rect: [W - 20, 30, 20, viewH],
        range: { value: 0, min: 0, max: maxTop, step: 1 },
        hooks: { rangeChanged: scrollTo, scroll },
      },
    ],
  });
  const grid = d.find(win, 'grid.table');
  const bar = d.find(win, 'grid.scrollbar');
  return win;
}

/**
 * A scroll by less than a page: rows that left are removed, rows that arrived are added in
 * order, rows that stayed move (a rect event each, cells included) and get their offscreen flag.
 */
function shiftRows(
  d: Desktop,
  grid: SimElement,
  wanted: number[],
  indexOf: (row: SimElement) => number,
  rowSpec: (index: number) => ElementSpec,
  dy: number,
  firstHidden: number,
): void {
  const keep = new Set(wanted);
  for (const row of [...grid.children]) if (!keep.has(indexOf(row))) d.remove(row);
  const moved = (el: SimElement): void => {
    if (el.rect !== null) d.set(el, { rect: { ...el.rect, y: el.rect.y - dy } });
    el.children.forEach(moved);
  };
  grid.children.forEach((row) => {
    moved(row);
    const hidden = indexOf(row) >= firstHidden;
    d.setStates(row, hidden ? ['offscreen'] : [], hidden ? [] : ['offscreen']);
  });
  wanted.forEach((index, position) => {
    if (grid.children[position] === undefined || indexOf(grid.children[position]) !== index) {
      d.add(grid, rowSpec(index), position);
    }
  });
}
