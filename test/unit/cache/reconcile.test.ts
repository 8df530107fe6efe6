/**
 * Evidence of lost structure events: the reducer asks for a re-read of the parent it names,
 * and the limiter lets one re-read of a window through per gap, merging the rest.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { EvidenceLimiter } from '../../../src/cache/reconcile.js';
import { reduce, type FetchRequest } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { props, smallDesktop } from './fake-backend.js';

function synced(): TreeState {
  const state = new TreeState();
  reduce(state, { kind: 'fetched', nodes: smallDesktop().walk('root') });
  return state;
}

describe('reducer: evidence of a lost children-changed', () => {
  it('re-reads the held parent of an element it does not hold', () => {
    const state = synced();
    const event = { type: 'property', id: 'new1', props: { name: 'x' }, parentId: 'p1' } as const;
    const r = reduce(state, { kind: 'events', events: [event] });
    expect(r.ignored).toBe(1);
    expect(r.fetch).toEqual([{ id: 'p1', key: 'w1', evidence: true }]);
  });

  it('ignores an unknown element whose parent it does not hold either', () => {
    const state = synced();
    const event = { type: 'text', id: 'new1', value: 'x', parentId: 'gone' } as const;
    expect(reduce(state, { kind: 'events', events: [event] }).fetch).toEqual([]);
  });

  it('re-reads an element whose reported children count differs from the cached one', () => {
    const state = synced();
    const same = { type: 'property', id: 'mb1', props: {}, childCount: 2 } as const;
    expect(reduce(state, { kind: 'events', events: [same] }).fetch).toEqual([]);
    const more = { ...same, childCount: 3, props: props('MenuBar', 'Application') };
    const r = reduce(state, { kind: 'events', events: [more] });
    expect(r.fetch).toEqual([{ id: 'mb1', key: 'w1', evidence: true }]);
  });
});

describe('EvidenceLimiter', () => {
  const request = (id: string, key = 'w1'): FetchRequest => ({ id, key, evidence: true });

  it('sends the first at once and the rest of the gap merged, after it', () => {
    const scheduler = new VirtualTimeScheduler();
    const sent: string[] = [];
    const limiter = new EvidenceLimiter(scheduler, (r) => sent.push(r.id), 100);
    limiter.offer(request('a'));
    for (let i = 0; i < 50; i++) limiter.offer(request(i % 2 === 0 ? 'b' : 'c'));
    limiter.offer(request('x', 'w2'));
    expect(sent).toEqual(['a', 'x']);
    expect(limiter.pending).toBe(2);
    scheduler.flush();
    expect(sent).toEqual(['a', 'x', 'b', 'c']);
    expect(limiter.pending).toBe(0);
  });

  it('re-reads the whole window once too many parents wait', () => {
    const scheduler = new VirtualTimeScheduler();
    const sent: FetchRequest[] = [];
    const limiter = new EvidenceLimiter(scheduler, (r) => sent.push(r), 100);
    limiter.offer(request('first'));
    for (let i = 0; i < 20; i++) limiter.offer(request(`p${i}`));
    scheduler.flush();
    expect(sent.map((r) => r.id)).toEqual(['first', 'w1']);
  });

  it('sends nothing held once stopped', () => {
    const scheduler = new VirtualTimeScheduler();
    const sent: string[] = [];
    const limiter = new EvidenceLimiter(scheduler, (r) => sent.push(r.id), 100);
    limiter.offer(request('a'));
    limiter.offer(request('b'));
    limiter.stop();
    scheduler.flush();
    expect(sent).toEqual(['a']);
  });
});
