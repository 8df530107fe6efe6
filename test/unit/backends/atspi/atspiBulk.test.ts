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
  it('lists each element’s items in index order when they fill its count', () => {
    const lists = childListsOf([
      row('/win', '/root', 0, 2),
      row('/b', '/win', 1, 0),
      row('/a', '/win', 0, 0),
    ]);
    expect(lists.get(id('/win'))).toEqual([ref('/a'), ref('/b')]);
    expect(lists.get(id('/a'))).toEqual([]);
  });

  it('leaves out a list with a missing index, a clash or a count the items do not fill', () => {
    const lists = childListsOf([
      row('/gap', '/root', 0, 2),
      row('/g1', '/gap', 1, 0),
      row('/short', '/root', 1, 3),
      row('/s0', '/short', 0, 0),
      row('/clash', '/root', 2, 2),
      row('/c0', '/clash', 0, 0),
      row('/c1', '/clash', 0, 0),
      row('/unknown', '/root', 3, 1),
      row('/u', '/unknown', -1, 0),
    ]);
    for (const path of ['/gap', '/short', '/clash', '/unknown']) {
      expect(lists.has(id(path))).toBe(false);
    }
  });

  it('leaves out a container managing its descendants (GetItems omits its cells)', () => {
    const words = [0, 0];
    words[STATE_BIT.MANAGES_DESCENDANTS >> 5] = 2 ** (STATE_BIT.MANAGES_DESCENDANTS & 31);
    const lists = childListsOf([row('/table', '/root', 0, 0, words)]);
    expect(lists.has(id('/table'))).toBe(false);
  });
});
