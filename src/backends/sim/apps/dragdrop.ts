/**
 * The drag-and-drop window: a list whose items reorder when one is dragged onto another, a
 * basket that takes the items dropped on it, a fragile target that vanishes as soon as a drag
 * passes over it (a drop target gone mid-drag), and a note that accepts nothing. Only real
 * pointer input drags (see pointer.ts); no pattern moves an item.
 */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, titleBar } from './parts.js';

const W = 420;
const H = 320;
const ROW = 30;
export const DRAG_ITEMS = ['Apple', 'Banana', 'Cherry', 'Date'] as const;

export function launchDragDrop(d: Desktop, app: SimApp, at: { x: number; y: number }): SimElement {
  return new DragDropWindow(d, app, at).window;
}

class DragDropWindow {
  readonly window: SimElement;
  private order: string[] = [...DRAG_ITEMS];
  private basket: string[] = [];

  constructor(
    private readonly d: Desktop,
    app: SimApp,
    at: { x: number; y: number },
  ) {
    this.window = openWindow(d, app, {
      type: 'Window',
      name: 'Drag and Drop',
      rect: [at.x, at.y, W, H],
      children: [
        titleBar(d, 'Drag and Drop', W, () => this.window, 'dnd'),
        {
          type: 'List',
          name: 'Fruits',
          automationId: 'dnd.list',
          rect: [10, 40, 180, 200],
          children: this.items(),
        },
        this.basketSpec(),
        {
          type: 'Group',
          name: 'Fragile',
          automationId: 'dnd.fragile',
          rect: [220, 150, 180, 90],
          hooks: { dragOver: () => this.d.remove(this.find('dnd.fragile')), drop: () => true },
        },
        {
          type: 'Text',
          name: 'Drop nothing here',
          automationId: 'dnd.note',
          rect: [10, 260, 380, 30],
        },
      ],
    });
  }

  private find(automationId: string): SimElement {
    return must(this.d.find(this.window, automationId));
  }

  private items(): ElementSpec[] {
    return this.order.map((name, i) => ({
      type: 'ListItem',
      name,
      automationId: `dnd.item.${name.toLowerCase()}`,
      rect: [10, 40 + i * ROW, 180, ROW],
      hooks: { canDrag: () => true, drop: (source) => this.reorder(source.name, name) },
    }));
  }

  private basketSpec(): ElementSpec {
    return {
      type: 'Group',
      name: 'Basket (0)',
      automationId: 'dnd.basket',
      rect: [220, 40, 180, 90],
      hooks: { drop: (source) => this.intoBasket(source.name) },
    };
  }

  /** Move the dragged item to the place of the item it was dropped on. */
  private reorder(dragged: string, onto: string): boolean {
    if (dragged === onto || !this.order.includes(dragged)) return false;
    const rest = this.order.filter((n) => n !== dragged);
    rest.splice(this.order.indexOf(onto), 0, dragged);
    this.order = rest;
    this.d.replaceChildren(this.find('dnd.list'), this.items());
    return true;
  }

  private intoBasket(dragged: string): boolean {
    if (!this.order.includes(dragged)) return false;
    this.order = this.order.filter((n) => n !== dragged);
    this.basket.push(dragged);
    this.d.replaceChildren(this.find('dnd.list'), this.items());
    this.d.set(this.find('dnd.basket'), { name: `Basket (${this.basket.length})` });
    return true;
  }
}
