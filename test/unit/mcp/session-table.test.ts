import { describe, expect, it } from 'vitest';
import type { HttpSession } from '../../../src/mcp/sdk.js';
import { SessionTable } from '../../../src/mcp/session-table.js';

function fakeSession(closed: string[], id: string): HttpSession {
  return {
    sessionId: id,
    handle: () => Promise.resolve(),
    close: () => {
      closed.push(id);
      return Promise.resolve();
    },
  };
}

function table(maxSessions: number, idleMs: number) {
  let now = 0;
  const closed: string[] = [];
  const evicted: string[] = [];
  const t = new SessionTable(
    { maxSessions, idleMs },
    (id) => evicted.push(id),
    () => now,
  );
  const add = (id: string) => t.add(id, fakeSession(closed, id));
  return { t, add, closed, evicted, advance: (ms: number) => (now += ms) };
}

describe('SessionTable', () => {
  it('closes the least recently used session beyond the cap', () => {
    const { t, add, closed, evicted } = table(2, 1_000);
    add('a');
    add('b');
    expect(t.get('a')).toBeDefined();
    add('c');
    expect(evicted).toEqual(['b']);
    expect(closed).toEqual(['b']);
    expect(t.size).toBe(2);
    expect(t.get('b')).toBeUndefined();
  });

  it('sweeps idle sessions but never one with a request or stream open', () => {
    const { t, add, evicted, advance } = table(10, 1_000);
    add('idle');
    add('streaming');
    add('recent');
    const release = t.hold('streaming');
    advance(900);
    t.get('recent');
    advance(200);
    expect(t.sweep()).toBe(1);
    expect(evicted).toEqual(['idle']);
    release();
    release();
    advance(1_001);
    expect(t.sweep()).toBe(2);
    expect(t.size).toBe(0);
  });
});
