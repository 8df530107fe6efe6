import { describe, expect, it } from 'vitest';
import { closeShownFirst, ShownWindows } from '../../../../src/backends/atspi/atspiShownWindows.js';
import { Wakeups } from '../../../../src/backends/atspi/atspiWakeups.js';
import type { BackendEvent } from '../../../../src/backends/backend.js';
import type { XTopLevel, XWindowView } from '../../../../src/backends/x11/index.js';

const APP = 4242;
const win = (xid: number, title: string, extra: Partial<XTopLevel> = {}): XTopLevel => ({
  xid,
  title,
  pid: APP,
  rect: null,
  popup: false,
  ...extra,
});
const view = (...windows: XTopLevel[]): XWindowView => ({ windows, active: null, managed: false });

describe('ShownWindows', () => {
  it('sorts the windows mapped since a time into listed, unlisted and gone unexposed', () => {
    const shown = new ShownWindows();
    shown.noteView(view(win(1, 'Main')), 0);
    shown.noteView(view(win(1, 'Main'), win(2, 'Details'), win(3, 'Flash')), 100);
    shown.noteListed(
      new Map([
        [1, 'main'],
        [2, 'details'],
      ]),
    );
    shown.noteView(view(win(1, 'Main'), win(2, 'Details'), win(4, 'Go to')), 200);
    const { pending, wait } = shown.since(APP, 50);
    expect(wait).toEqual({ listed: ['Details'], unlisted: ['Go to'], unexposed: ['Flash'] });
    expect(pending).toEqual([4]);
    // Windows mapped before `since`, of other processes, popups and untitled ones do not count.
    shown.noteView(
      view(win(5, 'Other', { pid: 7 }), win(6, 'menu', { popup: true }), win(7, '')),
      300,
    );
    expect(shown.since(APP, 250).wait).toEqual({ listed: [], unlisted: [], unexposed: [] });
  });

  it('waits for the next listings until nothing is pending, and no longer than the limit', async () => {
    const shown = new ShownWindows();
    const listings = new Wakeups();
    shown.noteView(view(win(1, 'Details')), 10);
    const waiting = shown.untilListed(APP, 0, 60_000, listings);
    shown.noteListed(new Map([[1, 'details']]));
    listings.wakeAll();
    await expect(waiting).resolves.toEqual({
      listed: ['Details'],
      unlisted: [],
      unexposed: [],
      pending: 1,
    });
    shown.noteView(view(win(1, 'Details'), win(2, 'Never listed')), 20);
    await expect(shown.untilListed(APP, 15, 20, listings)).resolves.toEqual({
      listed: [],
      unlisted: ['Never listed'],
      unexposed: [],
      pending: 1,
    });
  });

  it('answers at once, with nothing pending, when every window shown is listed', async () => {
    const shown = new ShownWindows();
    shown.noteView(view(win(1, 'Details')), 10);
    shown.noteListed(new Map([[1, 'details']]));
    // No listing ever wakes it: it must not wait for one.
    await expect(shown.untilListed(APP, 0, 60_000, new Wakeups())).resolves.toEqual({
      listed: ['Details'],
      unlisted: [],
      unexposed: [],
      pending: 0,
    });
  });

  it('remembers which accessible windows a listing matched', () => {
    const shown = new ShownWindows();
    shown.noteView(view(win(1, 'Flash')), 0);
    expect(shown.wasListed('flash')).toBe(false);
    shown.noteListed(new Map([[1, 'flash']]));
    shown.noteView(view(), 10);
    expect(shown.wasListed('flash')).toBe(true);
    expect(shown.wasListed('other')).toBe(false);
  });
});

describe('closeShownFirst', () => {
  const destroyed = (id: string): BackendEvent[] => [
    { type: 'structure', change: 'childRemoved', id: 'desktop', childId: id },
    { type: 'window.closed', id },
  ];

  it('closes a window that was on screen as unmapped, before its removal', () => {
    expect(closeShownFirst(destroyed('flash'), (id) => id === 'flash')).toEqual([
      { type: 'window.closed', id: 'flash', unmapped: true },
      { type: 'structure', change: 'childRemoved', id: 'desktop', childId: 'flash' },
    ]);
  });

  it('leaves the events of a window never listed on screen as they were', () => {
    const events = destroyed('hidden');
    expect(closeShownFirst(events, () => false)).toBe(events);
  });
});
