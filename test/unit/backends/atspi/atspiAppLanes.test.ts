import { describe, expect, it } from 'vitest';
import { AppLanes } from '../../../../src/backends/atspi/atspiAppLanes.js';
import { UiError } from '../../../../src/errors.js';

const never = new AbortController().signal;

describe('AppLanes', () => {
  it('keeps at most `depth` calls in flight per app and hands places on in order', async () => {
    const lanes = new AppLanes(() => 2);
    const a = await lanes.enter('app', never);
    const b = await lanes.enter('app', never);
    const order: string[] = [];
    const c = lanes.enter('app', never).then((leave) => (order.push('c'), leave));
    const d = lanes.enter('app', never).then((leave) => (order.push('d'), leave));
    // Another app is not held up by this one's full lane.
    const other = await lanes.enter('other', never);
    await Promise.resolve();
    expect(order).toEqual([]);
    a();
    a(); // leaving twice frees one place only
    const leaveC = await c;
    expect(order).toEqual(['c']);
    b();
    const leaveD = await d;
    expect(order).toEqual(['c', 'd']);
    leaveC();
    leaveD();
    other();
    // Every place is free again: `depth` calls enter at once.
    await lanes.enter('app', never);
    await lanes.enter('app', never);
  });

  it('drops a waiting caller whose signal fires, with the typed abort error', async () => {
    const lanes = new AppLanes(() => 1);
    const first = await lanes.enter('app', never);
    const controller = new AbortController();
    const waiting = lanes.enter('app', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(UiError);
    const next = lanes.enter('app', never);
    first();
    await expect(next).resolves.toBeTypeOf('function');
  });
});
