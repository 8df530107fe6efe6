import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeTargetXid,
  type CloseTargetTruth,
} from '../../../../src/backends/atspi/atspiCloseTarget.js';
import { Wakeups } from '../../../../src/backends/atspi/atspiWakeups.js';
import type { AccessibleTopLevel, XTopLevel } from '../../../../src/backends/x11/index.js';
import { UiError } from '../../../../src/errors.js';

const MAIN = ':1.4:/org/a11y/atspi/accessible/2';
const ICON = ':1.4:/org/a11y/atspi/accessible/14';
const PID = 4242;
const rect = { x: 10, y: 20, width: 300, height: 200 };

const acc = (id: string, name: string): AccessibleTopLevel => ({
  id,
  pid: PID,
  name,
  rect,
  shown: true,
});
const xwin = (xid: number, title: string, popup = false): XTopLevel => ({
  xid,
  pid: PID,
  title,
  rect,
  popup,
});

/**
 * A window truth whose listings come only when the test delivers them, as the cache's re-list
 * would after `relist()`; matching is by id, the way the X side pairs them in the real one.
 */
class FakeTruth implements CloseTargetTruth {
  watching = true;
  listed: AccessibleTopLevel[] = [];
  xs: XTopLevel[] = [];
  /** Accessible id -> X window, for the windows X shows. */
  pairs = new Map<string, number>();
  relists = 0;
  private listings = 0;
  private readonly wakeups = new Wakeups();

  xidOf(id: string): number | undefined {
    if (!this.listed.some((w) => w.id === id)) return undefined;
    const xid = this.pairs.get(id);
    return this.xs.some((x) => x.xid === xid) ? xid : undefined;
  }
  listedWindow(id: string): AccessibleTopLevel | undefined {
    return this.listed.find((w) => w.id === id);
  }
  listingCount(): number {
    return this.listings;
  }
  view() {
    return { windows: this.xs, active: null, managed: true };
  }
  relist(): void {
    this.relists++;
  }
  whileListing(holds: () => boolean, limitMs: number, signal?: AbortSignal): Promise<void> {
    return this.wakeups.whileHolds(holds, limitMs, signal);
  }
  /** A desktop listing lands. */
  list(windows: AccessibleTopLevel[]): void {
    this.listed = windows;
    this.listings++;
    this.wakeups.wakeAll();
  }
}

function desktopWithDragIcon(): FakeTruth {
  const truth = new FakeTruth();
  truth.listed = [acc(MAIN, 'Drop target'), acc(ICON, '')];
  truth.xs = [xwin(100, 'Drop target'), xwin(140, 'dnd_app.py', true)];
  truth.pairs = new Map([
    [MAIN, 100],
    [ICON, 140],
  ]);
  return truth;
}

const signal = (): AbortSignal => new AbortController().signal;

async function refusal(promise: Promise<unknown>): Promise<UiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UiError);
  return err as UiError;
}

describe('closeTargetXid', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers a matched window at once, asking for no listing', async () => {
    const truth = desktopWithDragIcon();
    expect(await closeTargetXid(truth, ICON, signal())).toBe(140);
    expect(truth.relists).toBe(0);
  });

  it('lets a window whose app closed it before its turn go, once a fresh listing lacks it', async () => {
    // The app quit at the request for its main window: its drag icon's X window went with it,
    // while the last listing still holds the icon.
    const truth = desktopWithDragIcon();
    truth.xs = [];
    const asked = closeTargetXid(truth, ICON, signal());
    await vi.advanceTimersByTimeAsync(0);
    expect(truth.relists).toBe(1);
    truth.list([]);
    expect(await asked).toBeUndefined();
  });

  it('waits for a fresh listing when the last one lacks the window (read stale)', async () => {
    const truth = desktopWithDragIcon();
    truth.listed = [];
    const asked = closeTargetXid(truth, MAIN, signal());
    await vi.advanceTimersByTimeAsync(50);
    truth.list([acc(MAIN, 'Drop target'), acc(ICON, '')]);
    expect(await asked).toBe(100);
  });

  it('asks again when a listing in flight still lacks the window, a bounded number of times', async () => {
    const truth = desktopWithDragIcon();
    truth.xs = [xwin(140, 'dnd_app.py', true)];
    const asked = refusal(closeTargetXid(truth, MAIN, signal(), 1_000));
    for (let i = 0; i < 6; i++) truth.list([acc(MAIN, 'Drop target')]);
    await vi.advanceTimersByTimeAsync(1_000);
    const err = await asked;
    expect(truth.relists).toBe(3);
    expect(err.code).toBe('not_supported');
    expect(err.message).toContain(`the X server shows no window of its process ${PID}`);
  });

  it('names the X windows of the process when none of them matches', async () => {
    const truth = desktopWithDragIcon();
    truth.pairs.delete(MAIN);
    const asked = refusal(closeTargetXid(truth, MAIN, signal(), 500));
    truth.list(truth.listed);
    await vi.advanceTimersByTimeAsync(500);
    const err = await asked;
    expect(err.message).toContain(`no X window of its process ${PID} ("Drop target")`);
  });

  it('says so when no listing came at all', async () => {
    const truth = desktopWithDragIcon();
    truth.listed = [];
    const asked = refusal(closeTargetXid(truth, MAIN, signal(), 500));
    await vi.advanceTimersByTimeAsync(500);
    const err = await asked;
    expect(err.code).toBe('not_supported');
    expect(err.message).toContain('no fresh one came within 500 ms');
  });

  it('refuses at once without an X display', async () => {
    const truth = desktopWithDragIcon();
    truth.watching = false;
    const err = await refusal(closeTargetXid(truth, MAIN, signal()));
    expect(err.message).toContain('no X display');
    expect(truth.relists).toBe(0);
  });

  it('stops waiting when its signal aborts', async () => {
    const truth = desktopWithDragIcon();
    truth.xs = [];
    const controller = new AbortController();
    const asked = refusal(closeTargetXid(truth, ICON, controller.signal, 60_000));
    controller.abort(new Error('stop'));
    await vi.advanceTimersByTimeAsync(0);
    expect((await asked).code).toBe('cancelled');
  });
});
