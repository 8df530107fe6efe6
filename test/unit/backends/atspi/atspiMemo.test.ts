import { describe, expect, it } from 'vitest';
import { StaticFacts } from '../../../../src/backends/atspi/atspiMemo.js';
import type { ObjectRef } from '../../../../src/backends/atspi/atspiBus.js';

const ref = (bus: string, n: number): ObjectRef => [bus, `/org/a11y/atspi/accessible/${n}`];

function counting(value: number): { read: () => Promise<number>; reads: () => number } {
  let reads = 0;
  return {
    read: () => {
      reads++;
      return Promise.resolve(value);
    },
    reads: () => reads,
  };
}

describe('StaticFacts', () => {
  it('reads an element’s role once', async () => {
    const memo = new StaticFacts();
    const source = counting(43);
    expect(await memo.role(ref(':1.2', 1), source.read)).toBe(43);
    expect(await memo.role(ref(':1.2', 1), source.read)).toBe(43);
    expect(source.reads()).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const memo = new StaticFacts();
    await expect(
      memo.role(ref(':1.2', 1), () => Promise.reject(new Error('busy'))),
    ).rejects.toThrow();
    const source = counting(7);
    expect(await memo.role(ref(':1.2', 1), source.read)).toBe(7);
    expect(source.reads()).toBe(1);
  });

  it('forgets an element, and every element of an app that left', async () => {
    const memo = new StaticFacts();
    const source = counting(1);
    await memo.role(ref(':1.2', 1), source.read);
    await memo.interfacesOf(ref(':1.2', 2), () => Promise.resolve(['x']));
    await memo.actionsOf(ref(':1.3', 1), () => Promise.resolve(['click']));
    memo.forget(ref(':1.2', 1));
    await memo.role(ref(':1.2', 1), source.read);
    expect(source.reads()).toBe(2);
    memo.forgetApp(':1.2');
    expect(memo.size).toBe(1);
  });

  it('stays within its bound, dropping the least recently used', async () => {
    const memo = new StaticFacts(3);
    for (let i = 0; i < 3; i++) await memo.role(ref(':1.2', i), () => Promise.resolve(i));
    await memo.role(ref(':1.2', 0), () => Promise.resolve(-1)); // used again: now the newest
    await memo.role(ref(':1.2', 3), () => Promise.resolve(3));
    expect(memo.size).toBe(3);
    const again = counting(0);
    await memo.role(ref(':1.2', 0), again.read);
    expect(again.reads()).toBe(0);
    const dropped = counting(1);
    await memo.role(ref(':1.2', 1), dropped.read);
    expect(dropped.reads()).toBe(1);
  });
});
