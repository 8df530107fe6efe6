import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { coalesceByKey } from '../../../src/cache/coalesce.js';

function scheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

const key = (s: string): string => s[0] as string;

describe('coalesceByKey', () => {
  it('emits one batch per key once that key has been quiet', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const source = cold('a 1ms b 1ms a 10ms |', { a: 'a1', b: 'b1' });
      const out = source.pipe(coalesceByKey(key, 5, 100, ts));
      expectObservable(out).toBe('7ms x 1ms y 5ms |', { x: ['b1'], y: ['a1', 'a1'] });
    });
  });

  it('keeps keys apart: a chatty key does not delay a quiet one', () => {
    const ts = scheduler();
    ts.run(({ hot, expectObservable }) => {
      const source = hot('a b a 2ms a 2ms a 20ms |', { a: 'a', b: 'b' });
      const out = source.pipe(coalesceByKey(key, 3, 100, ts));
      expectObservable(out).toBe('4ms y 6ms x 17ms |', { x: ['a', 'a', 'a', 'a'], y: ['b'] });
    });
  });

  it('flushes a key that never goes quiet after maxWait', () => {
    const ts = scheduler();
    ts.run(({ hot, expectObservable }) => {
      const source = hot('a 1ms a 1ms a 1ms a 1ms a 1ms a 1ms a 30ms |', { a: 'a' });
      const out = source.pipe(coalesceByKey(key, 3, 8, ts));
      expectObservable(out).toBe('8ms x 6ms y 27ms |', {
        x: ['a', 'a', 'a', 'a', 'a'],
        y: ['a', 'a'],
      });
    });
  });

  it('flushes pending batches, in arrival order, when the source completes', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const source = cold('a b a |', { a: 'a', b: 'b' });
      expectObservable(source.pipe(coalesceByKey(key, 50, 100, ts))).toBe('--- (xy|)', {
        x: ['a', 'a'],
        y: ['b'],
      });
    });
  });

  it('passes errors through', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      expectObservable(cold('a #').pipe(coalesceByKey(key, 5, 100, ts))).toBe('-#');
    });
  });
});
