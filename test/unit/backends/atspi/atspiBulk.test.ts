/** Child lists taken from `Cache.GetItems` rows only where the rows vouch for them. */
import { describe, expect, it } from 'vitest';
import type { ObjectRef } from '../../../../src/backends/atspi/atspiBus.js';
import { childListsOf, type Item } from '../../../../src/backends/atspi/atspiBulk.js';
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
