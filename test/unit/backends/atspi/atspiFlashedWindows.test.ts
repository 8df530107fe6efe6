import { describe, expect, it } from 'vitest';
import { flashedEvents } from '../../../../src/backends/atspi/atspiFlashedWindows.js';
import { ShownWindows } from '../../../../src/backends/atspi/atspiShownWindows.js';
import type { BackendEvent } from '../../../../src/backends/backend.js';
import type { XTopLevel, XWindowView } from '../../../../src/backends/x11/index.js';
import { smallDesktop } from '../../cache/fake-backend.js';
import { synced } from '../../cache/synced-state.js';

const APP = 4242;
const win = (xid: number, title: string): XTopLevel => ({
  xid,
  title,
  pid: APP,
  rect: null,
  popup: false,
});
const view = (...windows: XTopLevel[]): XWindowView => ({ windows, active: null, managed: false });
const busOf = (pid: number): string | undefined => (pid === APP ? ':1.42' : undefined);

/** The fake desktop's root is 'root', the AT-SPI one the registry's: re-parent for the reducer. */
const underRoot = (events: BackendEvent[]): BackendEvent[] =>
  events.map((e) =>
    e.type === 'window.opened' && e.nodes !== undefined
      ? { ...e, nodes: e.nodes.map((n) => ({ ...n, parentId: 'root' })) }
      : e,
  );

describe('flashedEvents', () => {
  it('tells the windows X took down before any listing held them, and only those', () => {
    const shown = new ShownWindows();
    shown.noteView(view(win(1, 'Main')), 0);
    shown.noteListed(new Map([[1, ':1.42:/main']]));
    expect(shown.noteView(view(win(1, 'Main'), win(2, 'Flash'), win(3, 'Details')), 10)).toEqual(
      [],
    );
    shown.noteListed(new Map([[3, ':1.42:/details']]));
    const gone = shown.noteView(view(win(1, 'Main')), 20);
    expect(gone.map((s) => s.title)).toEqual(['Flash', 'Details']);
    const events = flashedEvents(gone, busOf);
    expect(events.map((e) => e.type)).toEqual(['window.opened', 'window.closed']);
    const openedId = events[0]?.type === 'window.opened' ? events[0].id : undefined;
    expect(events[1]).toEqual({ type: 'window.closed', id: openedId, unmapped: true });
    // An X window of a process with no app on the accessibility bus is not told.
    expect(
      flashedEvents(
        gone.map((s) => ({ ...s, pid: 7 })),
        busOf,
      ),
    ).toEqual([]);
  });

  it('makes the cache announce the window opened with its title, then closed', () => {
    const { state, step } = synced(smallDesktop());
    const shown = new ShownWindows();
    shown.noteView(view(win(2, 'Flash')), 0);
    const events = underRoot(flashedEvents(shown.noteView(view(), 10), busOf));
    const r = step({ kind: 'events', events });
    const ops = r.patches.map((p) => p.op);
    expect(ops.filter((op) => op.startsWith('window.'))).toEqual([
      'window.opened',
      'window.closed',
    ]);
    const opened = r.patches.find((p) => p.op === 'window.opened');
    const closed = r.patches.find((p) => p.op === 'window.closed');
    expect(opened).toMatchObject({ window: { title: 'Flash' } });
    expect(closed).toMatchObject({ title: 'Flash' });
    const openedRef = opened?.op === 'window.opened' ? opened.window.ref : undefined;
    expect(closed).toMatchObject({ window: openedRef });
    expect(openedRef).toMatch(/^w\d+$/);
    expect([...state.windows.values()].map((w) => w.props.name)).not.toContain('Flash');
  });
});
