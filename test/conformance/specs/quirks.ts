/**
 * Event quirks can be switched on and are then observed: duplicates, drops and detail-less
 * structure events. Absence is proven by ordering (a later marker event arrives, the dropped
 * one never came before it), never by waiting a while.
 */
import { expect } from 'vitest';
import type { BackendEvent } from '../../../src/backends/backend.js';
import { NotSupportedError } from '../../../src/errors.js';
import type { ConformanceFixture, QuirkSwitches } from '../fixture.js';
import type { ConformanceSpec } from '../fixture.js';
import { collectUntil, propertyOf, watchFor } from '../helpers.js';

function switchQuirks(fx: ConformanceFixture, quirks: Partial<QuirkSwitches>): void {
  if (fx.setQuirks === undefined) {
    throw new NotSupportedError('this backend cannot switch event quirks on');
  }
  fx.setQuirks(quirks);
}

const isMarker = (id: string) => (e: BackendEvent) =>
  e.type === 'property' && e.id === id && Object.hasOwn(e.props, 'value');

export const quirkSpecs: ConformanceSpec[] = [
  {
    id: 'quirks.duplicate',
    title: 'with duplicates switched on, an action’s events arrive twice',
    async run(fx, signal) {
      const box = await fx.target('checkBox', signal);
      const edit = await fx.target('edit', signal);
      switchQuirks(fx, { duplicateRate: 1 });
      const seen = collectUntil(fx.backend, 'marker value', isMarker(edit));
      await fx.backend.performPattern(box, { pattern: 'Toggle' }, { signal });
      await fx.backend.performPattern(edit, { pattern: 'Value', value: 'marker' }, { signal });
      const toggles = (await seen).filter(propertyOf(box, 'states'));
      expect(toggles.length).toBeGreaterThanOrEqual(2);
      expect(toggles[1]).toEqual(toggles[0]);
    },
  },
  {
    id: 'quirks.drop',
    title: 'with drops switched on, an action’s events never arrive',
    async run(fx, signal) {
      const box = await fx.target('checkBox', signal);
      const edit = await fx.target('edit', signal);
      const seen = collectUntil(fx.backend, 'marker value', isMarker(edit));
      switchQuirks(fx, { dropRate: 1 });
      await fx.backend.performPattern(box, { pattern: 'Toggle' }, { signal });
      switchQuirks(fx, { dropRate: 0 });
      await fx.backend.performPattern(edit, { pattern: 'Value', value: 'marker' }, { signal });
      const events = await seen;
      expect(events.some(isMarker(edit))).toBe(true);
      expect(events.filter(propertyOf(box, 'states'))).toEqual([]);
    },
  },
  {
    id: 'quirks.detailless-structure',
    title: 'with detail-less structure events on, structure events carry no element id',
    async run(fx, signal) {
      const button = await fx.target('dialogButton', signal);
      switchQuirks(fx, { detaillessRate: 1 });
      const seen = collectUntil(fx.backend, 'window.opened', (e) => e.type === 'window.opened');
      await fx.backend.performPattern(button, { pattern: 'Invoke' }, { signal });
      const structure = (await seen).filter((e) => e.type === 'structure');
      expect(structure.length).toBeGreaterThan(0);
      for (const event of structure) expect(event).not.toHaveProperty('id');
    },
  },
  {
    id: 'quirks.late-events',
    title: 'with late events on, a closed window’s elements still get events after it is gone',
    async run(fx, signal) {
      const { backend } = fx;
      const win = await fx.target('closableWindow', signal);
      const gone = new Set((await backend.fetchSubtree(win, { signal })).map((n) => n.id));
      const edit = await fx.target('edit', signal);
      switchQuirks(fx, { lateRate: 1 });
      const seen = collectUntil(backend, 'marker value', isMarker(edit));
      const closed = watchFor(backend, 'window.closed', (e) => e.type === 'window.closed');
      await backend.performPattern(win, { pattern: 'Window', op: 'close' }, { signal });
      await closed;
      await backend.performPattern(edit, { pattern: 'Value', value: 'marker' }, { signal });
      const events = await seen;
      const closedAt = events.findIndex((e) => e.type === 'window.closed' && e.id === win);
      expect(closedAt).toBeGreaterThanOrEqual(0);
      const late = events.slice(closedAt + 1).filter((e) => 'id' in e && gone.has(e.id ?? ''));
      expect(late.length).toBeGreaterThan(0);
    },
  },
];
