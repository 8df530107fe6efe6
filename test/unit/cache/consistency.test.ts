import { describe, expect, it } from 'vitest';
import { checkConsistency, compareWithTruth } from '../../../src/cache/consistency.js';
import { reduce } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { props, smallDesktop } from './fake-backend.js';

describe('consistency checker', () => {
  it('reports every kind of difference between the cache and the truth', async () => {
    const b = smallDesktop();
    const state = new TreeState();
    reduce(state, { kind: 'fetched', nodes: b.walk('root') });
    b.add('w2', 'new', props('Button', 'New'));
    b.remove('btn8');
    b.move('btnSave', 'w2', 0);
    b.set('btn7', { name: 'Seven', value: 'x' });
    b.set('ed1', { value: undefined });
    const diffs = compareWithTruth(state, b.walk('root'));
    const ref = (id: string): string => state.byId.get(id)?.ref ?? '';
    expect(diffs).toEqual(
      expect.arrayContaining([
        { kind: 'missing', id: 'new', controlType: 'Button', name: 'New' },
        { kind: 'extra', id: 'btn8', ref: ref('btn8') },
        {
          kind: 'children',
          id: 'w2',
          ref: ref('w2'),
          cached: ['btn7', 'btn8', 'btnSave'],
          truth: ['btnSave', 'btn7', 'new'],
        },
        { kind: 'prop', id: 'btn7', ref: ref('btn7'), prop: 'name', cached: '7', truth: 'Seven' },
        { kind: 'prop', id: 'btn7', ref: ref('btn7'), prop: 'value', cached: '', truth: 'x' },
        {
          kind: 'prop',
          id: 'ed1',
          ref: ref('ed1'),
          prop: 'value',
          cached: 'hello world',
          truth: '',
        },
      ]),
    );
    expect(diffs).toHaveLength(6);
    expect(await checkConsistency(state, b, AbortSignal.timeout(1000), 'w1')).toEqual([
      { kind: 'prop', id: 'ed1', ref: ref('ed1'), prop: 'value', cached: 'hello world', truth: '' },
    ]);
  });
});
