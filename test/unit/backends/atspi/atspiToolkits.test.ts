import { describe, expect, it } from 'vitest';
import { AppLock } from '../../../../src/backends/atspi/atspiLock.js';
import { callNameOf } from '../../../../src/backends/atspi/atspiCallKinds.js';
import {
  laneDepthOf,
  ToolkitPolicies,
  treeRulesOf,
} from '../../../../src/backends/atspi/atspiToolkits.js';
import { APP_LANE_DEPTH } from '../../../../src/backends/atspi/atspiAppLanes.js';

const QT5 = { name: 'Qt', version: '5.15.8' };
const GTK = { name: 'gtk', version: '3.24.38' };

describe('toolkit policies', () => {
  it('reads the state of a transient element first on the Java ATK bridge only', () => {
    expect(treeRulesOf({ name: 'J2SE-access-bridge', version: '1.0' }).transientStateFirst).toBe(
      true,
    );
    expect(treeRulesOf(GTK).transientStateFirst).toBe(false);
    expect(treeRulesOf(QT5).transientStateFirst).toBe(false);
  });

  it('refuses what the static table lists for a toolkit version only', () => {
    const p = new ToolkitPolicies();
    expect(p.refusal(QT5, 'Cache.GetItems')).toMatch(/empty/);
    expect(p.refusal(QT5, 'Accessible.AccessibleId')).toMatch(/no AccessibleId/);
    expect(p.refusal({ name: 'Qt', version: '6.4.2' }, 'Accessible.AccessibleId')).toBeUndefined();
    expect(p.refusal(GTK, 'Cache.GetItems')).toBeUndefined();
  });

  it('learns a refusal per toolkit and version, keeping the first reason', () => {
    const p = new ToolkitPolicies();
    p.forbid(GTK, 'Component.GetExtents', 'killed an app');
    p.forbid(GTK, 'Component.GetExtents', 'second reason');
    expect(p.refusal(GTK, 'Component.GetExtents')).toBe('killed an app');
    expect(p.refusal({ name: 'gtk', version: '4.0' }, 'Component.GetExtents')).toBeUndefined();
    expect(p.describeLearned()).toEqual(['gtk 3.24.38: Component.GetExtents (killed an app)']);
  });

  it('remembers which calls have answered on a toolkit', () => {
    const p = new ToolkitPolicies();
    expect(p.isProven(GTK, 'Accessible.GetRole')).toBe(false);
    p.markProven(GTK, 'Accessible.GetRole');
    expect(p.isProven(GTK, 'Accessible.GetRole')).toBe(true);
    expect(p.isProven(QT5, 'Accessible.GetRole')).toBe(false);
  });
});

describe('call names', () => {
  it('name property reads by interface and property, other calls by member', () => {
    const props = { dest: ':1.2', path: '/a', iface: 'org.freedesktop.DBus.Properties' };
    expect(
      callNameOf({ ...props, member: 'Get', body: ['org.a11y.atspi.Accessible', 'Name'] }),
    ).toBe('Accessible.Name');
    expect(
      callNameOf({
        dest: ':1.2',
        path: '/a',
        iface: 'org.a11y.atspi.Component',
        member: 'GetExtents',
      }),
    ).toBe('Component.GetExtents');
  });
});

describe('app lock', () => {
  it('lets shared calls overlap and runs an exclusive call alone', async () => {
    const lock = new AppLock();
    const signal = new AbortController().signal;
    const order: string[] = [];
    const a = await take(lock, false, signal);
    const b = await take(lock, false, signal);
    const alone = take(lock, true, signal).then((release) => {
      order.push('alone');
      return release;
    });
    // A shared call asked for after the exclusive one waits behind it.
    const late = take(lock, false, signal).then((release) => {
      order.push('late');
      return release;
    });
    a();
    expect(order).toEqual([]);
    b();
    const releaseAlone = await alone;
    expect(order).toEqual(['alone']);
    releaseAlone();
    (await late)();
    expect(order).toEqual(['alone', 'late']);
  });

  it('stops waiting when the signal aborts', async () => {
    const lock = new AppLock();
    const held = await take(lock, true, new AbortController().signal);
    const controller = new AbortController();
    const waiting = take(lock, false, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeDefined();
    held();
  });

  it('lets calls queued behind the first of their kind in together once it has answered', async () => {
    const lock = new AppLock();
    const signal = new AbortController().signal;
    let proven = false;
    const unproven = (): boolean => !proven;
    const shared = await take(lock, false, signal);
    const first = lock.acquire(unproven, signal);
    const queued = [lock.acquire(unproven, signal), lock.acquire(unproven, signal)];
    shared();
    const { alone, release } = await first;
    expect(alone).toBe(true);
    proven = true;
    release();
    const later = await Promise.all(queued);
    // Both are in at once, as shared calls: neither waited for the other's release.
    expect(later.map((l) => l.alone)).toEqual([false, false]);
    for (const l of later) l.release();
  });
});

/** Acquire with a fixed need and return only the release. */
async function take(lock: AppLock, alone: boolean, signal: AbortSignal): Promise<() => void> {
  return (await lock.acquire(() => alone, signal)).release;
}

describe('per-app call lanes', () => {
  it('limits ordinary calls in flight only where the toolkit serialises them', () => {
    expect(laneDepthOf({ name: 'J2SE-access-bridge', version: '1.0' })).toBe(APP_LANE_DEPTH);
    expect(laneDepthOf({ name: 'Chromium', version: '1.0' })).toBe(Infinity);
    expect(laneDepthOf({ name: 'gtk', version: '3.24.38' })).toBe(Infinity);
  });
});
