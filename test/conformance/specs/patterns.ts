/** Each pattern action has its effect and raises the events a real platform raises. */
import { expect } from 'vitest';
import type { BackendEvent } from '../../../src/backends/backend.js';
import type { ConformanceSpec } from '../fixture.js';
import { fetchOne, propertyOf, watchFor } from '../helpers.js';

export const patternSpecs: ConformanceSpec[] = [
  {
    id: 'pattern.invoke-opens-window',
    title: 'Invoke on a dialog button opens a window and raises window.opened',
    async run(fx, signal) {
      const button = await fx.target('dialogButton', signal);
      const opened = watchFor(fx.backend, 'window.opened', (e) => e.type === 'window.opened');
      await fx.backend.performPattern(button, { pattern: 'Invoke' }, { signal });
      const event = await opened;
      const window = await fetchOne(fx.backend, event.id, signal);
      expect(window.props.controlType).toBe('Window');
      const truth = await fx.groundTruth(signal);
      expect(truth.find((n) => n.id === fx.backend.rootId)?.children).toContain(event.id);
    },
  },
  {
    id: 'pattern.toggle',
    title: 'Toggle flips a check box and raises a states property event',
    async run(fx, signal) {
      const box = await fx.target('checkBox', signal);
      const before = await fetchOne(fx.backend, box, signal);
      const wasChecked = before.props.states.includes('checked');
      const changed = watchFor(fx.backend, 'states property', propertyOf(box, 'states'));
      await fx.backend.performPattern(box, { pattern: 'Toggle' }, { signal });
      await changed;
      const after = await fetchOne(fx.backend, box, signal);
      expect(after.props.states.includes('checked')).toBe(!wasChecked);
      expect(after.props.states.includes(wasChecked ? 'unchecked' : 'checked')).toBe(true);
    },
  },
  {
    id: 'pattern.value',
    title: 'Value sets an edit’s text and raises a value or text event',
    async run(fx, signal) {
      const edit = await fx.target('edit', signal);
      const text = 'conformance 42';
      const changed = watchFor(
        fx.backend,
        'value/text',
        (e) => (e.type === 'text' && e.id === edit) || propertyOf(edit, 'value')(e),
      );
      await fx.backend.performPattern(edit, { pattern: 'Value', value: text }, { signal });
      await changed;
      expect((await fetchOne(fx.backend, edit, signal)).props.value).toBe(text);
    },
  },
  {
    id: 'pattern.range-value',
    title: 'RangeValue sets a slider within its range and raises a range event',
    async run(fx, signal) {
      const slider = await fx.target('range', signal);
      const range = (await fetchOne(fx.backend, slider, signal)).props.range;
      if (range === undefined) throw new Error('the range target has no range');
      const target = range.value === range.max ? range.min : range.max;
      const changed = watchFor(fx.backend, 'range property', propertyOf(slider, 'range'));
      await fx.backend.performPattern(slider, { pattern: 'RangeValue', value: target }, { signal });
      await changed;
      expect((await fetchOne(fx.backend, slider, signal)).props.range?.value).toBe(target);
    },
  },
  {
    id: 'pattern.selection-item',
    title: 'SelectionItem select marks the item selected and raises a states event',
    async run(fx, signal) {
      const item = await fx.target('selectable', signal);
      expect((await fetchOne(fx.backend, item, signal)).props.states).not.toContain('selected');
      const changed = watchFor(fx.backend, 'states property', propertyOf(item, 'states'));
      await fx.backend.performPattern(item, { pattern: 'SelectionItem', op: 'select' }, { signal });
      await changed;
      expect((await fetchOne(fx.backend, item, signal)).props.states).toContain('selected');
    },
  },
  {
    id: 'pattern.expand-collapse',
    title: 'ExpandCollapse expands and collapses, raising states events',
    async run(fx, signal) {
      const { backend } = fx;
      const el = await fx.target('expandable', signal);
      expect((await fetchOne(backend, el, signal)).props.states).toContain('collapsed');
      // Wait for the state itself: a toolkit may send other state changes first (focus, say).
      const statesWith = (state: string) => (e: BackendEvent) =>
        propertyOf(el, 'states')(e) &&
        e.type === 'property' &&
        (e.props.states as readonly string[] | undefined)?.includes(state) === true;
      let changed = watchFor(backend, 'expanded in a states event', statesWith('expanded'));
      await backend.performPattern(el, { pattern: 'ExpandCollapse', op: 'expand' }, { signal });
      await changed;
      expect((await fetchOne(backend, el, signal)).props.states).toContain('expanded');
      changed = watchFor(backend, 'collapsed in a states event', statesWith('collapsed'));
      await backend.performPattern(el, { pattern: 'ExpandCollapse', op: 'collapse' }, { signal });
      await changed;
      expect((await fetchOne(backend, el, signal)).props.states).toContain('collapsed');
    },
  },
  {
    id: 'pattern.scroll',
    title: 'Scroll down changes the container’s content and raises an event under it',
    async run(fx, signal) {
      const { backend } = fx;
      const box = await fx.target('scrollable', signal);
      const before = await backend.fetchSubtree(box, { signal });
      const inside = new Set(before.map((n) => n.id));
      const changed = watchFor(
        backend,
        'structure/property under the container',
        (e) => (e.type === 'structure' || e.type === 'property') && inside.has(e.id ?? ''),
      );
      const action = { pattern: 'Scroll', direction: 'down', amount: 1 } as const;
      await backend.performPattern(box, action, { signal });
      await changed;
      expect(await backend.fetchSubtree(box, { signal })).not.toEqual(before);
    },
  },
  {
    id: 'pattern.window-close',
    title: 'Window close removes the window and raises window.closed',
    async run(fx, signal) {
      const { backend } = fx;
      const win = await fx.target('closableWindow', signal);
      const closed = watchFor(backend, 'window.closed', (e) => e.type === 'window.closed');
      await backend.performPattern(win, { pattern: 'Window', op: 'close' }, { signal });
      expect(await closed).toMatchObject({ type: 'window.closed', id: win });
      const root = await fetchOne(backend, backend.rootId, signal);
      expect(root.children).not.toContain(win);
    },
  },
  {
    id: 'pattern.window-minimize-restore',
    title: 'Window minimize and restore change the window’s states and raise states events',
    async run(fx, signal) {
      const { backend } = fx;
      const win = await fx.target('closableWindow', signal);
      let changed = watchFor(backend, 'states property', propertyOf(win, 'states'));
      await backend.performPattern(win, { pattern: 'Window', op: 'minimize' }, { signal });
      await changed;
      expect((await fetchOne(backend, win, signal)).props.states).toContain('minimized');
      changed = watchFor(backend, 'states property', propertyOf(win, 'states'));
      await backend.performPattern(win, { pattern: 'Window', op: 'restore' }, { signal });
      await changed;
      expect((await fetchOne(backend, win, signal)).props.states).not.toContain('minimized');
    },
  },
  {
    id: 'pattern.scroll-item',
    title: 'ScrollItem brings an offscreen item of the scrollable container into view',
    async run(fx, signal) {
      const { backend } = fx;
      const box = await fx.target('scrollable', signal);
      const hidden = (await backend.fetchSubtree(box, { signal })).find(
        (n) => n.props.patterns.includes('ScrollItem') && n.props.states.includes('offscreen'),
      );
      if (hidden === undefined) throw new Error('the scrollable container holds no offscreen item');
      const shown = watchFor(backend, 'states property', propertyOf(hidden.id, 'states'));
      await backend.performPattern(hidden.id, { pattern: 'ScrollItem' }, { signal });
      await shown;
      expect((await fetchOne(backend, hidden.id, signal)).props.states).not.toContain('offscreen');
    },
  },
];
