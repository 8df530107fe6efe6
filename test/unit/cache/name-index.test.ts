import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { find } from '../../../src/cache/queries/find.js';
import { reduce } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { FakeBackend, props } from './fake-backend.js';

const NAMES = [
  'Save',
  'Save As',
  'save all',
  'Open',
  'Reopen',
  'OPEN recent',
  'Item 1',
  'Item 10',
  'Item 100',
  'ab',
  'a',
  '',
];
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Index path (contains/equals) vs the plain walk (an equivalent case-insensitive regex). */
function agree(
  state: TreeState,
  key: string,
  equals: boolean,
  scope: string | undefined,
  maxDepth: number | undefined,
  maxResults: number,
): void {
  const common = {
    caseSensitive: false,
    maxResults,
    ...(scope === undefined ? {} : { within: scope }),
    ...(maxDepth === undefined ? {} : { maxDepth }),
  };
  const indexed = find(state, { ...common, name: key, nameMatch: equals ? 'equals' : 'contains' });
  const walked = find(state, {
    ...common,
    name: equals ? `^${escape(key)}$` : escape(key),
    nameMatch: 'regex',
  });
  expect(indexed.elements.map((e) => e.ref)).toEqual(walked.elements.map((e) => e.ref));
  expect(indexed.hasMore).toBe(walked.hasMore);
}

describe('name index', () => {
  it('answers exactly what a walk answers, across renames and re-fetches', () => {
    const tree = fc.array(fc.record({ parent: fc.nat(), name: fc.constantFrom(...NAMES) }), {
      minLength: 1,
      maxLength: 60,
    });
    const query = fc.record({
      key: fc.constantFrom(
        'save',
        'SAVE',
        'open',
        'item 1',
        'item 10',
        'a',
        'ab',
        'zzz',
        'em 1',
        '',
      ),
      equals: fc.boolean(),
      scope: fc.option(fc.nat(), { nil: undefined }),
      maxDepth: fc.option(fc.nat({ max: 4 }), { nil: undefined }),
      maxResults: fc.integer({ min: 1, max: 5 }),
    });
    const renames = fc.array(fc.record({ target: fc.nat(), name: fc.constantFrom(...NAMES) }), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(
        tree,
        fc.array(query, { minLength: 1, maxLength: 5 }),
        renames,
        fc.boolean(),
        (spec, queries, renamed, refetch) => {
          const b = new FakeBackend();
          const ids = ['root'];
          spec.forEach((s, i) => {
            b.add(ids[s.parent % ids.length] as string, `n${i}`, props('Button', s.name));
            ids.push(`n${i}`);
          });
          const state = new TreeState();
          reduce(state, { kind: 'fetched', nodes: b.walk('root') });
          const run = (): void => {
            for (const q of queries) {
              const scopeId = q.scope === undefined ? undefined : ids[q.scope % ids.length];
              const scope = scopeId === undefined ? undefined : state.byId.get(scopeId)?.ref;
              agree(state, q.key, q.equals, scope, q.maxDepth, q.maxResults);
            }
          };
          run();
          for (const r of renamed) {
            const id = ids[1 + (r.target % (ids.length - 1))] as string;
            reduce(state, {
              kind: 'events',
              events: [{ type: 'property', id, props: { name: r.name } }],
            });
            b.set(id, { name: r.name });
          }
          run();
          if (refetch) {
            b.remove(ids[1] as string);
            reduce(state, { kind: 'fetched', nodes: b.walk('root') });
            run();
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
