/** Raw input: typed text reaches the focused element; a click hits the element under it. */
import { expect } from 'vitest';
import type { ConformanceSpec } from '../fixture.js';
import { centre, fetchOne, propertyOf, watchFor } from '../helpers.js';

export const inputSpecs: ConformanceSpec[] = [
  {
    id: 'input.type-text',
    title: 'typed text goes to the focused edit and raises a value or text event',
    async run(fx, signal) {
      const { backend } = fx;
      const edit = await fx.target('edit', signal);
      await backend.performPattern(edit, { pattern: 'Value', value: '' }, { signal });
      await backend.focus(edit, { signal });
      const typed = watchFor(
        backend,
        'value/text with the typed text',
        (e) =>
          (e.type === 'text' && e.id === edit && (e.value ?? 'xyz').includes('xyz')) ||
          (propertyOf(edit, 'value')(e) && e.type === 'property' && e.props.value === 'xyz'),
      );
      await backend.input({ kind: 'text', text: 'xyz' }, { signal });
      await typed;
      expect((await fetchOne(backend, edit, signal)).props.value).toBe('xyz');
    },
  },
  {
    id: 'input.click-toggles',
    title: 'a left click at a check box’s centre toggles it',
    async run(fx, signal) {
      const { backend } = fx;
      const box = await fx.target('checkBox', signal);
      const before = await fetchOne(backend, box, signal);
      const wasChecked = before.props.states.includes('checked');
      // Wait for the checked state itself: the click's focus change may come first.
      const changed = watchFor(
        backend,
        'a states event with the check flipped',
        (e) =>
          propertyOf(box, 'states')(e) &&
          e.type === 'property' &&
          (e.props.states as readonly string[] | undefined)?.includes('checked') !== wasChecked,
      );
      const { x, y } = centre(before);
      await backend.input({ kind: 'click', x, y, button: 'left', count: 1 }, { signal });
      await changed;
      const after = await fetchOne(backend, box, signal);
      expect(after.props.states.includes('checked')).toBe(!wasChecked);
    },
  },
];
