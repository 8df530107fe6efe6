/**
 * The records grid: a data grid over many rows (10,000 by default) that is VIRTUALIZED like a
 * real list view: only the rows in the viewport (plus one partly visible, offscreen row below
 * it) exist as elements. Scrolling (Scroll pattern, wheel, the scroll bar's RangeValue, or
 * ScrollItem on the partly visible row) realizes new rows and removes those that left, raising
 * structure events; a jump of more than a page replaces them in one 'invalidated'.
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
  return new VirtualGrid(d, app, o).window;
}

type Direction = 'up' | 'down' | 'left' | 'right';

class VirtualGrid {
  readonly window: SimElement;
  private readonly grid: SimElement;
  private readonly bar: SimElement;
  private readonly maxTop: number;
  /** Index of the first visible row. */
  private top = 0;

  constructor(
    private readonly d: Desktop,
    app: SimApp,
    private readonly o: GridOptions,
  ) {
    this.maxTop = Math.max(0, o.rows - o.visibleRows);
    this.window = openWindow(d, app, this.spec());
    this.grid = must(d.find(this.window, 'grid.table'));
    this.bar = must(d.find(this.window, 'grid.scrollbar'));
  }

  /** Row indexes that exist at `from`: the viewport plus one partly visible row below. */
  private realized(from: number): number[] {
    const end = Math.min(this.o.rows, from + this.o.visibleRows + 1);
    return Array.from({ length: Math.max(0, end - from) }, (_, i) => from + i);
  }

  private rowSpec(index: number): ElementSpec {
    const y = 30 + (index - this.top) * ROW_H;
    const cells = [`${index + 1}`, `Item ${index + 1}`, index % 3 === 0 ? 'Done' : 'Open'];
    const visible = this.o.visibleRows;
    return {
      type: 'DataItem',
      name: `Row ${index + 1}`,
      automationId: `grid.row.${index}`,
      rect: [0, y, W - 20, ROW_H],
      states: index - this.top >= visible ? ['offscreen'] : [],
      hooks: {
        scrollIntoView: () => this.scrollTo(index < this.top ? index : index - visible + 1),
      },
      children: cells.map((name, c) => ({ type: 'Text', name, rect: [c * 190, y, 190, ROW_H] })),
    };
  }

  private scroll(direction: Direction, notches: number): void {
    if (direction === 'left' || direction === 'right') {
      throw new ActionFailedError('the grid cannot scroll horizontally');
    }
    this.scrollTo(this.top + (direction === 'down' ? 1 : -1) * notches * ROWS_PER_NOTCH);
  }

  private scrollTo(wanted: number): void {
    const next = Math.max(0, Math.min(this.maxTop, Math.round(wanted)));
    if (next === this.top) return;
    const delta = next - this.top;
    this.top = next;
    const specs = this.realized(next).map((i) => this.rowSpec(i));
    if (Math.abs(delta) > this.o.visibleRows) this.d.replaceChildren(this.grid, specs);
    else this.shiftRows(specs, delta * ROW_H);
    this.d.set(this.bar, { range: { value: next, min: 0, max: this.maxTop, step: 1 } });
  }

  /**
   * A scroll by less than a page: rows that left are removed, rows that arrived are added in
   * order, rows that stayed move (a rect event each, cells included) and get their offscreen flag.
   */
  private shiftRows(wanted: ElementSpec[], dy: number): void {
    const ids = new Set(wanted.map((s) => s.automationId));
    for (const row of [...this.grid.children]) if (!ids.has(row.automationId)) this.d.remove(row);
    const moved = (el: SimElement): void => {
      if (el.rect !== null) this.d.set(el, { rect: { ...el.rect, y: el.rect.y - dy } });
      el.children.forEach(moved);
    };
    const firstHidden = `grid.row.${this.top + this.o.visibleRows}`;
    for (const row of this.grid.children) {
      moved(row);
      const hidden = row.automationId === firstHidden;
      this.d.setStates(row, hidden ? ['offscreen'] : [], hidden ? [] : ['offscreen']);
    }
    wanted.forEach((spec, position) => {
      if (this.grid.children[position]?.automationId !== spec.automationId) {
        this.d.add(this.grid, spec, position);
      }
    });
  }

  private spec(): ElementSpec {
    const viewH = this.o.visibleRows * ROW_H;
    const scroll = (direction: Direction, notches: number): void => this.scroll(direction, notches);
    return {
      type: 'Window',
      name: 'Records',
      className: 'GridWindow',
      rect: [this.o.x, this.o.y, W, viewH + 30],
      children: [
        titleBar(this.d, 'Records', W, () => this.window, 'grid'),
        {
          type: 'DataGrid',
          name: 'Records',
          automationId: 'grid.table',
          rect: [0, 30, W - 20, viewH],
          hooks: { scroll },
          children: this.realized(0).map((i) => this.rowSpec(i)),
        },
        {
          type: 'ScrollBar',
          name: 'Vertical',
          automationId: 'grid.scrollbar',
          rect: [W - 20, 30, 20, viewH],
          range: { value: 0, min: 0, max: this.maxTop, step: 1 },
          hooks: { rangeChanged: (value) => this.scrollTo(value), scroll },
        },
      ],
    };
  }
}
