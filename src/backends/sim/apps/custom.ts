/**
 * A window described entirely by data (scene `kind: 'window'`): any element tree, with the
 * generic pattern behaviour (toggles toggle, edits edit, items select, expanders expand).
 * Buttons have no command; tests use it to build the exact tree they need.
 */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import type { ElementData } from '../scene.js';
import { openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { titleBar } from './parts.js';

export interface CustomWindowOptions {
  x: number;
  y: number;
  title: string;
  width: number;
  height: number;
  elements: ElementData[];
}

function toSpec(data: ElementData): ElementSpec {
  const { children, ...rest } = data;
  const spec: ElementSpec = { ...rest };
  for (const key of Object.keys(spec) as (keyof ElementSpec)[]) {
    if (spec[key] === undefined) delete spec[key];
  }
  if (children !== undefined) spec.children = children.map(toSpec);
  return spec;
}

export function launchCustom(d: Desktop, app: SimApp, o: CustomWindowOptions): SimElement {
  const win: SimElement = openWindow(d, app, {
    type: 'Window',
    name: o.title,
    rect: [o.x, o.y, o.width, o.height],
    children: [titleBar(d, o.title, o.width, () => win, 'window'), ...o.elements.map(toSpec)],
  });
  return win;
}
