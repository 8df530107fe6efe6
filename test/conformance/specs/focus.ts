/** Focus and foreground: focus() and activateWindow() move them and raise their events. */
import { expect } from 'vitest';
import type { ConformanceSpec } from '../fixture.js';
import { fetchOne, watchFor } from '../helpers.js';

export const focusSpecs: ConformanceSpec[] = [
  {
    id: 'focus.event',
    title: 'focus() moves keyboard focus, raises a focus event and sets the focused state',
    async run(fx, signal) {
      const edit = await fx.target('edit', signal);
      const focused = watchFor(fx.backend, 'focus', (e) => e.type === 'focus' && e.id === edit);
      await fx.backend.focus(edit, { signal });
      await focused;
      expect((await fetchOne(fx.backend, edit, signal)).props.states).toContain('focused');
    },
  },
  {
    id: 'focus.moves-away',
    title: 'focusing another element clears the focused state of the previous one',
    async run(fx, signal) {
      const { backend } = fx;
      const edit = await fx.target('edit', signal);
      const box = await fx.target('checkBox', signal);
      await backend.focus(edit, { signal });
      const moved = watchFor(backend, 'focus', (e) => e.type === 'focus' && e.id === box);
      // A toolkit may clear the previous holder's state after announcing the new one: the
      // states event that clears it is what a cache relies on, so a late one still counts.
      const cleared = watchFor(
        backend,
        'states without focused on the previous element',
        (e) =>
          e.type === 'property' && e.id === edit && e.props.states?.includes('focused') === false,
      );
      await backend.focus(box, { signal });
      await moved;
      expect((await fetchOne(backend, box, signal)).props.states).toContain('focused');
      if ((await fetchOne(backend, edit, signal)).props.states.includes('focused')) await cleared;
      expect((await fetchOne(backend, edit, signal)).props.states).not.toContain('focused');
    },
  },
  {
    id: 'window.activated',
    title: 'activateWindow() raises window.activated and marks the window active',
    async run(fx, signal) {
      const { backend } = fx;
      const button = await fx.target('dialogButton', signal);
      const win = await fx.target('closableWindow', signal);
      // Make sure another window is in front first, so the activation is a real change.
      const opened = watchFor(backend, 'window.opened', (e) => e.type === 'window.opened');
      await backend.performPattern(button, { pattern: 'Invoke' }, { signal });
      await opened;
      const activated = watchFor(
        backend,
        'window.activated',
        (e) => e.type === 'window.activated' && e.id === win,
      );
      await backend.activateWindow(win, { signal });
      await activated;
      expect((await fetchOne(backend, win, signal)).props.states).toContain('active');
    },
  },
];
