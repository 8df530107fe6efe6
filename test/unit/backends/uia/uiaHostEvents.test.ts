/**
 * The host's event plumbing over a fake COM world and fake registrations: WindowClosed from a
 * sender that answers only GetRuntimeId, a refused handler group falling back to single
 * registrations, handlers again for a window reusing an HWND, and top-level property events
 * keeping app and active.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackendEvent } from '../../../../src/backends/backend.js';
import { AppNames } from '../../../../src/backends/uia/uiaAppNames.js';
import type { Automation } from '../../../../src/backends/uia/uiaAutomation.js';
import { EventBatcher } from '../../../../src/backends/uia/uiaBatch.js';
import { EVENT_ID, PROP } from '../../../../src/backends/uia/uiaConstants.js';
import type { EventSinks } from '../../../../src/backends/uia/uiaEvents.js';
import { HostEvents } from '../../../../src/backends/uia/uiaHostEvents.js';
import type { TreeContext } from '../../../../src/backends/uia/uiaHostTree.js';
import { ElementTable } from '../../../../src/backends/uia/uiaTable.js';
import { FakeCom, fakeElement } from './fakeCom.js';

const world = vi.hoisted(() => ({
  com: undefined as unknown as FakeCom,
  sinks: undefined as unknown as EventSinks,
  calls: [] as string[],
  refuse: new Set<string>(),
}));
vi.mock('../../../../src/backends/uia/uiaElement.js', () => ({
  element: new Proxy({}, { get: (_t, key: string) => world.com.element[key as 'runtimeId'] }),
}));
vi.mock('../../../../src/backends/uia/uiaCom.js', () => ({
  addRef: (p: bigint) => world.com.addRef(p),
  release: (p: bigint) => world.com.release(p),
  peekVariant: () => null,
}));
vi.mock('../../../../src/backends/uia/uiaWin32.js', () => ({
  foregroundWindow: () => 0x77n,
  topLevelWindows: () => [],
  wakeAccessibility: () => undefined,
}));
vi.mock('../../../../src/backends/uia/uiaEvents.js', () => ({
  createHandlerObjects: (sinks: EventSinks) => {
    world.sinks = sinks;
    return { focus: 1n, automation: 2n, property: 3n, structure: 4n };
  },
}));
vi.mock('../../../../src/backends/uia/uiaRegistration.js', () => {
  const registration =
    (what: string) =>
    (...args: unknown[]) => {
      const name = typeof args[1] === 'number' ? `${what}:${args[1]}` : what;
      world.calls.push(name);
      return world.refuse.has(what) || world.refuse.has(name)
        ? Promise.reject(new Error(`${name} refused`))
        : Promise.resolve(what === 'group' ? true : undefined);
    };
  return {
    addHandlerGroup: registration('group'),
    addStructureHandler: registration('structure'),
    addPropertyHandler: registration('property'),
    addAutomationHandler: registration('automation'),
    addFocusHandler: registration('focus'),
  };
});

function setup() {
  const batches: BackendEvent[][] = [];
  const ctx: TreeContext = {
    automation: {} as Automation,
    root: 0n,
    rootKey: '1',
    table: new ElementTable(),
    subtreeRequest: 1n,
    childrenRequest: 2n,
    elementRequest: 3n,
    appNames: new AppNames({ startTime: () => 5, name: () => 'notepad' }),
    woken: new Set(),
  };
  const batcher = new EventBatcher({ flushMs: 10_000, maxBatch: 1 }, (b) => batches.push(b));
  const logs: string[] = [];
  const events = new HostEvents(ctx, batcher, (m) => logs.push(m));
  return { ctx, events, events$: batches, logs };
}

/** A top-level notepad window (hwnd 0x77, in front) behind a new pointer. */
function notepadWindow() {
  return fakeElement([0x2a, 0x77], 'Window', 'Notepad', {
    [PROP.ProcessId]: 40,
    [PROP.NativeWindowHandle]: 0x77,
  });
}

beforeEach(() => {
  world.com = new FakeCom();
  world.calls = [];
  world.refuse = new Set();
});

describe('UIA host events', () => {
  it('reports window.closed from a sender that answers only GetRuntimeId, and forgets it', async () => {
    const h = setup();
    const win = notepadWindow();
    h.ctx.table.put('2a.77', world.com.own(win), 'desktop');
    h.ctx.woken.add('2a.77');
    await h.events.trackWindow('2a.77', world.com.own(win), 40);
    win.stale = true; // closed: cached and live reads alike answer element_stale
    world.sinks.automation(world.com.own(win), EVENT_ID.WindowClosed);
    expect(h.events$.flat()).toEqual([{ type: 'window.closed', id: '2a.77' }]);
    expect(h.ctx.table.get('2a.77')).toBeUndefined();
    expect(h.ctx.woken.has('2a.77')).toBe(false);
    // A new window reusing the HWND (same RuntimeId) gets its handlers again.
    world.calls = [];
    await h.events.trackWindow('2a.77', world.com.own(notepadWindow()), 40);
    expect(world.calls).toEqual(['group']);
  });

  it('registers a window once per process, again when another process reuses its HWND', async () => {
    const h = setup();
    const el = world.com.own(notepadWindow());
    await h.events.trackWindow('2a.77', el, 40);
    await h.events.trackWindow('2a.77', el, 40);
    expect(world.calls).toEqual(['group']);
    await h.events.trackWindow('2a.77', el, 41);
    expect(world.calls).toEqual(['group', 'group']);
  });

  it('falls back to single registrations when the group is refused, each on its own', async () => {
    const h = setup();
    world.refuse = new Set(['group', 'structure']);
    await h.events.trackWindow('2a.77', world.com.own(notepadWindow()), 40);
    expect(world.calls).toEqual([
      'group',
      'structure',
      'property',
      `automation:${EVENT_ID.TextChanged}`,
      `automation:${EVENT_ID.MenuOpened}`,
      `automation:${EVENT_ID.MenuClosed}`,
      `automation:${EVENT_ID.InvokeInvoked}`,
      `automation:${EVENT_ID.SelectionItemElementSelected}`,
    ]);
    expect(h.events.refused).toBe(1);
    expect(h.logs.some((m) => m.includes('handler group refused'))).toBe(true);
  });

  it('a property event on a top-level window keeps its app and active state', async () => {
    const h = setup();
    const win = notepadWindow();
    await h.events.trackWindow('2a.77', world.com.own(win), 40);
    world.sinks.property(world.com.own(win), PROP.Name, 0n);
    const [event] = h.events$.flat();
    expect(event).toMatchObject({ type: 'property', id: '2a.77', props: { app: 'notepad' } });
    expect(event?.type === 'property' && event.props.states).toContain('active');
  });

  it('never reads live in a callback: a sender without cached properties only invalidates', () => {
    const h = setup();
    const button = fakeElement([0x2a, 0x78], 'Button', 'OK');
    button.uncached = true;
    world.sinks.property(world.com.own(button), PROP.Name, 0n);
    expect(h.events$.flat()).toEqual([{ type: 'structure', change: 'invalidated', id: '2a.78' }]);
  });
});
