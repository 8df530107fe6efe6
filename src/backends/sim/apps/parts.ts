/** Building blocks several sim apps share: a title bar with window buttons, dialog helpers. */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { closeWindow, maximizeWindow, minimizeWindow, restoreWindow } from '../windows.js';

/** A title bar across the top of a `width`-wide window, with minimize/maximize/close buttons. */
export function titleBar(
  d: Desktop,
  title: string,
  width: number,
  win: () => SimElement,
  prefix: string,
): ElementSpec {
  const button = (name: string, slot: number, run: (w: SimElement) => void): ElementSpec => ({
    type: 'Button',
    name,
    automationId: `${prefix}.${name.toLowerCase()}`,
    rect: [width - slot * 40, 0, 40, 30],
    without: ['focusable'],
    hooks: { invoke: () => run(win()) },
  });
  return {
    type: 'TitleBar',
    name: title,
    automationId: `${prefix}.titlebar`,
    rect: [0, 0, width, 30],
    children: [
      button('Minimize', 3, (w) => minimizeWindow(d, w)),
      button('Maximize', 2, (w) =>
        w.states.has('maximized') ? restoreWindow(d, w) : maximizeWindow(d, w),
      ),
      button('Close', 1, (w) =>
        w.hooks.close !== undefined ? w.hooks.close() : closeWindow(d, w),
      ),
    ],
  };
}

/** Rename a window and its title bar together (a title change raises both name events). */
export function setTitle(d: Desktop, win: SimElement, title: string): void {
  d.set(win, { name: title });
  const bar = win.children.find((c) => c.controlType === 'TitleBar');
  if (bar !== undefined) d.set(bar, { name: title });
}

/** An element the app itself just built (absence is a bug in the app, not a runtime condition). */
export function must(el: SimElement | undefined): SimElement {
  if (el === undefined) throw new Error('sim app element missing');
  return el;
}

/** Resolves when the element leaves the tree (closed, removed, or its app crashed). */
export function untilGone(el: SimElement): Promise<void> {
  if (el.gone) return Promise.resolve();
  return new Promise((resolve) => {
    const previous = el.hooks.gone;
    el.hooks.gone = () => {
      previous?.();
      resolve();
    };
  });
}
