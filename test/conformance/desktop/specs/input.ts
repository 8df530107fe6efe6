/**
 * Drag, typing any text on any layout, and focusPolicy "keep", each checked against the app's
 * own view read outside the server (its text, its rows, the pointer, the keyboard map).
 */
import { expect } from 'vitest';
import { ROWS, type DesktopSpec } from '../fixture.js';
import { call } from './calls.js';

const TEXT = 'Grüße, Привет, 日本語 ✓';
/** Every character here sits on a key of the US layout, none on the Russian one's base level. */
const LATIN = 'Hello, World 42!';

export const inputSpecs: DesktopSpec[] = [
  {
    id: 'drag.reorder',
    title: 'dragging the first row onto the third reorders the list, with real input',
    async run(fx) {
      expect(await fx.outside.rows()).toEqual(ROWS);
      const dragged = await call(fx, 'actions.drag', {
        from: fx.row('Apple'),
        to: fx.row('Cherry'),
        timeoutMs: 20_000,
      });
      expect(dragged).toMatchObject({ method: 'input', movedPointer: true });
      const after = await fx.outside.rows();
      expect([...after].sort()).toEqual([...ROWS].sort());
      expect(after.indexOf('Apple')).toBeGreaterThan(0);
    },
  },
  {
    id: 'drag.keep-pointer',
    title: 'under focusPolicy keep a drag puts the pointer back where it was',
    async run(fx) {
      await fx.outside.movePointer(3, 4);
      const dragged = await call(fx, 'actions.drag', {
        from: fx.row('Apple'),
        to: fx.row('Date'),
        focusPolicy: 'keep',
        timeoutMs: 20_000,
      });
      expect(dragged.restored).toContain('pointer');
      expect(await fx.outside.rows()).not.toEqual(ROWS);
      expect(await fx.outside.pointer()).toEqual({ x: 3, y: 4 });
    },
  },
  {
    id: 'typing.unicode',
    title: 'accented Latin, Cyrillic, CJK and a symbol type into the edit as given',
    async run(fx) {
      await call(fx, 'actions.setValue', { target: fx.edit, value: '' });
      await call(fx, 'actions.type', { target: fx.edit, text: TEXT, timeoutMs: 30_000 });
      expect(await fx.outside.text()).toBe(TEXT);
    },
  },
  {
    id: 'typing.german-layout',
    title: 'on a German layout the same text types as given and the keyboard map is given back',
    async run(fx) {
      const { setLayout, keymap } = fx.outside;
      if (setLayout === undefined || keymap === undefined)
        throw new Error('this desktop has no keyboard layouts to switch');
      await setLayout('de');
      try {
        const before = await keymap();
        await call(fx, 'actions.setValue', { target: fx.edit, value: '' });
        await call(fx, 'actions.type', { target: fx.edit, text: TEXT, timeoutMs: 30_000 });
        expect(await fx.outside.text()).toBe(TEXT);
        expect(await keymap()).toBe(before);
      } finally {
        await setLayout('us');
      }
    },
  },
  {
    id: 'typing.russian-layout',
    title: 'on a Russian layout plain Latin and the mixed text type as given, the map given back',
    async run(fx) {
      const { setLayout, keymap } = fx.outside;
      if (setLayout === undefined || keymap === undefined)
        throw new Error('this desktop has no keyboard layouts to switch');
      await setLayout('ru');
      try {
        const before = await keymap();
        for (const text of [LATIN, TEXT]) {
          await call(fx, 'actions.setValue', { target: fx.edit, value: '' });
          await call(fx, 'actions.type', { target: fx.edit, text, timeoutMs: 30_000 });
          expect(await fx.outside.text()).toBe(text);
        }
        expect(await keymap()).toBe(before);
      } finally {
        await setLayout('us');
      }
    },
  },
  {
    id: 'focus.keep-refuses-typing',
    title: 'under focusPolicy keep, typing into an edit without the focus is refused, untyped',
    async run(fx) {
      await call(fx, 'actions.setValue', { target: fx.edit, value: 'kept' });
      // A real click on a row takes the focus off the edit (a click target may use a pattern).
      const { elements } = await call(fx, 'elements.find', { ...fx.row('Banana'), maxResults: 1 });
      const rect = elements[0]?.rect;
      if (rect == null) throw new Error('the row Banana has no rect');
      const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
      await call(fx, 'actions.click', { target: centre });
      const typed = call(fx, 'actions.type', { target: fx.edit, text: 'no', focusPolicy: 'keep' });
      await expect(typed).toFailWith('focus_required');
      expect(await fx.outside.text()).toBe('kept');
    },
  },
  {
    id: 'focus.keep-pattern',
    title: 'setting a value under focusPolicy keep uses the pattern: no focus taken, pointer still',
    async run(fx) {
      await fx.outside.movePointer(5, 6);
      const set = await call(fx, 'actions.setValue', {
        target: fx.edit,
        value: 'quiet ✓',
        focusPolicy: 'keep',
      });
      expect(set).toMatchObject({ method: 'pattern', tookFocus: false, movedPointer: false });
      expect(await fx.outside.text()).toBe('quiet ✓');
      expect(await fx.outside.pointer()).toEqual({ x: 5, y: 6 });
    },
  },
];
