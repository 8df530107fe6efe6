import { Subscription, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { OpeningDeadlines } from '../../../src/cache/opening-deadlines.js';
import { reduce } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { props, smallDesktop } from './fake-backend.js';

/** A state holding one new window unannounced: listed, its contents not read yet. */
function openingDialog(): { state: TreeState; ref: string } {
  const b = smallDesktop();
  const state = new TreeState();
  reduce(state, { kind: 'fetched', nodes: b.walk('root') });
  b.add('root', 'dlg', props('Window', 'Save changes?', { app: 'notepad', pid: 100 }));
  b.add('dlg', 'ok', props('Button', 'OK'));
  reduce(state, { kind: 'fetched', nodes: b.walk('root', 1) });
  const win = state.byId.get('dlg');
  if (win === undefined || !state.opening.has(win) || win.window === null)
    throw new Error('the dialog is not held as opening');
  return { state, ref: win.window };
}

describe('opening deadlines', () => {
  it('expires each opening window once, at the shorter of its deadline and the fetch timeout', () => {
    const { state, ref } = openingDialog();
    const scheduler = new VirtualTimeScheduler();
    const expired: [string, number][] = [];
    const deadlines = new OpeningDeadlines(scheduler, new Subscription(), 1_000, (w) =>
      expired.push([w, scheduler.now()]),
    );
    deadlines.schedule(state);
    deadlines.schedule(state);
    scheduler.flush();
    expect(expired).toEqual([[ref, 1_000]]);
  });

  it('fires nothing once its timers are unsubscribed (the store stopped)', () => {
    const { state } = openingDialog();
    const scheduler = new VirtualTimeScheduler();
    const timers = new Subscription();
    const expired: string[] = [];
    new OpeningDeadlines(scheduler, timers, 30_000, (w) => expired.push(w)).schedule(state);
    timers.unsubscribe();
    scheduler.flush();
    expect(expired).toEqual([]);
  });
});
