/**
 * Child lists taken from `Cache.GetItems` rows only where the rows vouch for them; every app
 * read as the registry lists it, the ones it listed before while it is asked.
 */
import { describe, expect, it } from 'vitest';
import type { ObjectRef } from '../../../../src/backends/atspi/atspiBus.js';
import { childListsOf, eachApp, type Item } from '../../../../src/backends/atspi/atspiBulk.js';
import type { AtspiReader } from '../../../../src/backends/atspi/atspiFetch.js';
import { STATE_BIT } from '../../../../src/backends/atspi/atspiRoles.js';

const ref = (path: string): ObjectRef => [':1.2', path];
const id = (path: string): string => `:1.2:${path}`;

/** One GetItems row: self, app, parent, index in parent, child count, states. */
function row(path: string, parent: string, index: number, count: number, states = [0, 0]): Item {
  return [ref(path), ref('/root'), ref(parent), index, count, [], path, 0, '', states];
}

describe('childListsOf', () => {
  it('vouches for a leaf: no children counted and no item under it', () => {
    const lists = childListsOf([
      row('/win', '/root', 0, 2),
      row('/b', '/win', 1, 0),
      row('/a', '/win', 0, 0),
    ]);
    expect(lists.get(id('/a'))).toEqual([]);
    expect(lists.get(id('/b'))).toEqual([]);
  });

  it('leaves a non-empty list to GetChildren (indices may disagree with its order)', () => {
    const lists = childListsOf([row('/win', '/root', 0, 1), row('/a', '/win', 0, 0)]);
    expect(lists.has(id('/win'))).toBe(false);
  });

  it('leaves out an element counted as a leaf that an item names as its parent', () => {
    const lists = childListsOf([row('/odd', '/root', 0, 0), row('/u', '/odd', 0, 0)]);
    expect(lists.has(id('/odd'))).toBe(false);
  });

  it('leaves out a container managing its descendants (GetItems omits its cells)', () => {
    const words = [0, 0];
    words[STATE_BIT.MANAGES_DESCENDANTS >> 5] = 2 ** (STATE_BIT.MANAGES_DESCENDANTS & 31);
    const lists = childListsOf([row('/table', '/root', 0, 0, words)]);
    expect(lists.has(id('/table'))).toBe(false);
  });
});

const app = (bus: string): ObjectRef => [bus, '/org/a11y/atspi/accessible/root'];

/** A reader whose registry answers each listing only when the test says so. */
function registry() {
  const answers: ((apps: ObjectRef[]) => void)[] = [];
  const reader = {
    children: () => new Promise<ObjectRef[]>((resolve) => answers.push(resolve)),
  } as unknown as AtspiReader;
  return { reader, answer: (apps: ObjectRef[]) => answers.shift()?.(apps) };
}

describe('eachApp', () => {
  const signal = new AbortController().signal;

  it('reads the apps listed last time while the registry is asked, in its order', async () => {
    const { reader, answer } = registry();
    const read = (a: ObjectRef) => Promise.resolve(a[0]);
    const first = eachApp(reader, signal, read);
    answer([app(':1.2'), app(':1.3')]);
    expect(await first).toEqual([':1.2', ':1.3']);
    const started: string[] = [];
    const second = eachApp(reader, signal, (a) => {
      started.push(a[0]);
      return read(a);
    });
    expect(started).toEqual([':1.2', ':1.3']);
    answer([app(':1.4'), app(':1.2')]);
    expect(await second).toEqual([':1.4', ':1.2']);
    expect(started).toEqual([':1.2', ':1.3', ':1.4']);
  });

  it('drops the failed read of an app the registry no longer lists', async () => {
    const { reader, answer } = registry();
    const first = eachApp(reader, signal, (a) => Promise.resolve(a[0]));
    answer([app(':1.2'), app(':1.9')]);
    await first;
    const second = eachApp(reader, signal, (a) =>
      a[0] === ':1.9' ? Promise.reject(new Error('gone')) : Promise.resolve(a[0]),
    );
    answer([app(':1.2')]);
    expect(await second).toEqual([':1.2']);
  });
});
