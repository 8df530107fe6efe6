/** The signal -> BackendEvent mapping, against a fake reader (pure logic, no bus). */
import { describe, expect, it } from 'vitest';
import type { ObjectRef } from '../../../../src/backends/atspi/atspiBus.js';
import {
  AtspiEventMapper,
  type SignalMessage,
} from '../../../../src/backends/atspi/atspiEvents.js';
import type { AtspiReader } from '../../../../src/backends/atspi/atspiFetch.js';
import { DESKTOP_ID } from '../../../../src/backends/atspi/atspiIds.js';
import { StaticFacts } from '../../../../src/backends/atspi/atspiMemo.js';
import { ROLE, STATE_BIT } from '../../../../src/backends/atspi/atspiRoles.js';
import {
  DEFAULT_TREE_RULES,
  treeRulesOf,
  type TreeRules,
} from '../../../../src/backends/atspi/atspiToolkits.js';
import { ElementStaleError } from '../../../../src/errors.js';

const APP = ':1.7';
const REGISTRY_OWNER = ':1.1';
const ROOT = '/org/a11y/atspi/accessible/root';
const signal = new AbortController().signal;

interface FakeElement {
  role: number;
  states: number[];
  interfaces?: string[];
  text?: string;
  value?: Record<string, number>;
  children?: ObjectRef[];
  parent?: ObjectRef;
  /** Component.GetExtents' reply (x, y, width, height). */
  extents?: number[];
}

/** A reader answering from a table of elements; unknown ones are stale, like a vanished app. */
function fakeReader(
  elements: Record<string, FakeElement>,
  tree: TreeRules = DEFAULT_TREE_RULES,
): AtspiReader {
  const find = (ref: ObjectRef): FakeElement => {
    const el = elements[`${ref[0]}:${ref[1]}`];
    if (el === undefined) throw new ElementStaleError('gone');
    return el;
  };
  const reader = {
    // Async like the real bus: a vanished element rejects, it never throws synchronously.
    call: async (ref: ObjectRef, _iface: string, member: string) => {
      const el = await Promise.resolve().then(() => find(ref));
      const replies: Record<string, unknown[]> = {
        GetRole: [el.role],
        GetState: [el.states],
        GetInterfaces: [el.interfaces ?? []],
        GetText: [el.text ?? ''],
        GetExtents: [el.extents ?? [0, 0, -1, -1]],
      };
      return replies[member] ?? [];
    },
    readProps: (ref: ObjectRef, _iface: string, names: readonly string[]) =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(find(ref).value ?? {})
            .filter(([k]) => names.includes(k))
            .map(([k, v]) => [k, { value: v }]),
        ),
      ),
    children: (ref: ObjectRef) => Promise.resolve(find(ref).children ?? []),
    prop: (ref: ObjectRef, _iface: string, name: string) =>
      Promise.resolve(name === 'Parent' ? find(ref).parent : undefined),
    // No memo here: every read answers from the table as it is now.
    role: (ref: ObjectRef) => Promise.resolve().then(() => find(ref).role),
    interfaces: (ref: ObjectRef) => Promise.resolve().then(() => find(ref).interfaces ?? []),
    text: (ref: ObjectRef) => Promise.resolve().then(() => find(ref).text ?? ''),
    facts: new StaticFacts(),
    app: () => Promise.resolve({ name: 'app', toolkit: { name: 'gtk', version: '3.24' }, tree }),
  };
  return reader as unknown as AtspiReader;
}

function words(...bits: number[]): number[] {
  const out = [0, 0];
  for (const bit of bits) out[bit >> 5] = ((out[bit >> 5] ?? 0) | (1 << (bit & 31))) >>> 0;
  return out;
}

function signalOf(
  iface: string,
  member: string,
  path: string,
  body: unknown[],
  sender = APP,
): SignalMessage {
  return { sender, path, interface: `org.a11y.atspi.Event.${iface}`, member, body };
}

const box = `${APP}:/a/1`;
const win = `${APP}:/a/9`;
const elements: Record<string, FakeElement> = {
  [box]: {
    role: ROLE.CHECK_BOX,
    states: words(STATE_BIT.FOCUSED, STATE_BIT.CHECKED, STATE_BIT.SHOWING),
    parent: [APP, '/a/9'],
  },
  [win]: { role: ROLE.FRAME, states: words(STATE_BIT.SHOWING), children: [] },
  [`${APP}:${ROOT}`]: { role: ROLE.APPLICATION, states: words(), children: [[APP, '/a/9']] },
  [`${APP}:/a/2`]: {
    role: 51,
    states: words(STATE_BIT.SHOWING),
    value: { CurrentValue: 7, MinimumValue: 0, MaximumValue: 10 },
  },
  [`${APP}:/a/3`]: {
    role: ROLE.ENTRY,
    states: words(STATE_BIT.EDITABLE, STATE_BIT.SHOWING),
    interfaces: ['org.a11y.atspi.Text', 'org.a11y.atspi.EditableText'],
    text: 'hello',
  },
};

describe('atspi event mapping', () => {
  const mapper = (): AtspiEventMapper => new AtspiEventMapper(fakeReader(elements), REGISTRY_OWNER);

  it('maps a gained focus to a focus event plus the re-read states', async () => {
    const events = await mapper().map(
      signalOf('Object', 'StateChanged', '/a/1', ['focused', 1, 0]),
      signal,
    );
    expect(events).toEqual([
      { type: 'focus', id: box },
      {
        type: 'property',
        id: box,
        props: { states: ['focused', 'checked'] },
      },
    ]);
  });

  it('reads a GTK 4 state change with the extents that say whether it is on screen', async () => {
    const gtk4 = treeRulesOf({ name: 'GTK', version: '4.8.3' });
    const button = (extents: number[]): Record<string, FakeElement> => ({
      [box]: {
        role: ROLE.PUSH_BUTTON,
        states: words(STATE_BIT.SENSITIVE, STATE_BIT.VISIBLE, STATE_BIT.FOCUSABLE),
        interfaces: ['org.a11y.atspi.Component'],
        extents,
      },
    });
    const statesAfter = async (extents: number[]): Promise<unknown> => {
      const reader = fakeReader(button(extents), gtk4);
      const events = await new AtspiEventMapper(reader, REGISTRY_OWNER).map(
        signalOf('Object', 'StateChanged', '/a/1', ['sensitive', 1, 0]),
        signal,
      );
      return events.find((e) => e.type === 'property')?.props.states;
    };
    expect(await statesAfter([10, 20, 80, 30])).toEqual(['enabled', 'focusable']);
    expect(await statesAfter([10, 20, 0, 0])).toEqual(['enabled', 'focusable', 'offscreen']);
  });

  it("reads an app's windows again when GTK 4 names its root as the child it added", async () => {
    const table = { ...elements };
    const m = new AtspiEventMapper(fakeReader(table), REGISTRY_OWNER);
    const rootChange = (detail: string) =>
      m.map(
        signalOf('Object', 'ChildrenChanged', ROOT, [detail, 1, 0, { value: [APP, ROOT] }]),
        signal,
      );
    expect(await rootChange('add')).toEqual([
      { type: 'structure', change: 'childAdded', id: DESKTOP_ID, childId: win },
      { type: 'window.opened', id: win },
    ]);
    table[`${APP}:${ROOT}`] = { role: ROLE.APPLICATION, states: words(), children: [] };
    expect(await rootChange('remove')).toEqual([
      { type: 'structure', change: 'childRemoved', id: DESKTOP_ID, childId: win },
      { type: 'window.closed', id: win },
    ]);
  });

  it('maps a lost focus to the states alone', async () => {
    const events = await mapper().map(
      signalOf('Object', 'StateChanged', '/a/1', ['focused', 0, 0]),
      signal,
    );
    expect(events.map((e) => e.type)).toEqual(['property']);
  });

  it('reads the value when accessible-value carries nothing useful', async () => {
    const events = await mapper().map(
      signalOf('Object', 'PropertyChange', '/a/2', ['accessible-value', 0, 0, { value: 0 }]),
      signal,
    );
    expect(events).toEqual([
      { type: 'property', id: `${APP}:/a/2`, props: { range: { value: 7, min: 0, max: 10 } } },
    ]);
  });

  it('maps a text change to the whole new text', async () => {
    const events = await mapper().map(
      signalOf('Object', 'TextChanged', '/a/3', ['insert', 0, 5, { value: 'hello' }]),
      signal,
    );
    expect(events).toEqual([
      { type: 'text', id: `${APP}:/a/3`, value: 'hello' },
      { type: 'property', id: `${APP}:/a/3`, props: { value: 'hello' } },
    ]);
  });

  it('maps a new child of an app root to a desktop structure change and window.opened', async () => {
    const events = await mapper().map(
      signalOf('Object', 'ChildrenChanged', ROOT, ['add', 0, 0, { value: [APP, '/a/9'] }]),
      signal,
    );
    expect(events).toEqual([
      { type: 'structure', change: 'childAdded', id: DESKTOP_ID, childId: win },
      { type: 'window.opened', id: win },
    ]);
  });

  it('closes the windows of an app that leaves the registry or the bus', async () => {
    const m = mapper();
    await m.map(
      signalOf(
        'Object',
        'ChildrenChanged',
        ROOT,
        ['add', 0, 0, { value: [APP, ROOT] }],
        REGISTRY_OWNER,
      ),
      signal,
    );
    const removed = await m.map(
      signalOf(
        'Object',
        'ChildrenChanged',
        ROOT,
        ['remove', 0, 0, { value: [APP, ROOT] }],
        REGISTRY_OWNER,
      ),
      signal,
    );
    expect(removed).toEqual([
      { type: 'structure', change: 'childRemoved', id: DESKTOP_ID },
      { type: 'window.closed', id: win },
    ]);
    m.noteWindows([win]);
    const gone: SignalMessage = {
      sender: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
      member: 'NameOwnerChanged',
      body: [APP, APP, ''],
    };
    expect(await m.map(gone, signal)).toContainEqual({ type: 'window.closed', id: win });
    expect(await m.map(gone, signal)).toEqual([]);
  });

  it('maps window signals and a child change inside a window', async () => {
    const m = mapper();
    expect(
      await m.map(signalOf('Window', 'Activate', '/a/9', ['', 0, 0, { value: 'x' }]), signal),
    ).toEqual([{ type: 'window.activated', id: win }]);
    expect(
      (await m.map(signalOf('Window', 'Destroy', '/a/9', ['', 0, 0, { value: 'x' }]), signal)).at(
        -1,
      ),
    ).toEqual({
      type: 'window.closed',
      id: win,
    });
    expect(
      await m.map(
        signalOf('Object', 'ChildrenChanged', '/a/9', ['remove', 2, 0, { value: [APP, '/a/5'] }]),
        signal,
      ),
    ).toEqual([{ type: 'structure', change: 'childRemoved', id: win, childId: `${APP}:/a/5` }]);
  });

  it('gives no event (and no error) for an element that vanished before its re-read', async () => {
    const events = await mapper().map(
      signalOf('Object', 'StateChanged', '/a/404', ['checked', 1, 0]),
      signal,
    );
    expect(events).toEqual([]);
  });
});
