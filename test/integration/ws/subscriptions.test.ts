/**
 * Event subscriptions over real sockets: live delivery, `since` replay, expired cursors, and
 * gap reporting for a stalled reader (everything promised is delivered or reported).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { UiEvent } from '../../../protocol/src/index.js';
import { RawClient, churn, startTestServer, type TestServer } from './harness.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface Note {
  method?: string;
  params?: { subscription: string; events?: UiEvent[]; from?: number; to?: number };
}
const isNote = (method: string) => (m: unknown) => (m as Note).method === method;

describe('events.subscribe', () => {
  it('delivers window.opened to a type-filtered subscriber', async () => {
    t = await startTestServer();
    const c = await RawClient.open(t.url);
    const sub = await c.call('events.subscribe', { types: ['window.opened'] });
    const { subscription } = sub.result as { subscription: string };
    t.sim.control.open({ kind: 'settings', at: { x: 300, y: 300 } });
    const note = (await c.next(isNote('events.event'))) as Note;
    expect(note.params?.subscription).toBe(subscription);
    const events = note.params?.events ?? [];
    expect(events.every((e) => e.type === 'window.opened')).toBe(true);
    expect(events[0]?.type === 'window.opened' && events[0].window.title).toContain('Settings');
    c.close();
  });

  it('delivers events and tree patches as MessagePack on a msgpack connection', async () => {
    t = await startTestServer();
    const c = await RawClient.open(t.url, { encoding: 'msgpack' });
    await c.call('events.subscribe', { types: ['text.changed', 'property.changed'] });
    const tree = await c.call('tree.subscribe', { window: 'Editor' });
    expect((tree.result as { nodes: unknown[] }).nodes.length).toBeGreaterThan(5);
    const last = await churn(t, 3, 20);
    const note = (await c.next((m) =>
      ((m as Note).params?.events ?? []).some((e) => e.seq === last),
    )) as Note;
    expect(note.method).toBe('events.event');
    expect(await c.next(isNote('tree.patch'))).toBeDefined();
    c.close();
  });

  it('replays with since, in seq order and without holes, then goes live', async () => {
    t = await startTestServer();
    const before = t.cache.events.seq;
    const last = await churn(t, 20, 10);
    const c = await RawClient.open(t.url);
    await c.call('events.subscribe', { since: before });
    const seen: number[] = [];
    await c.next((m) => {
      for (const e of (m as Note).params?.events ?? []) seen.push(e.seq);
      return seen.includes(last);
    });
    expect(seen).toEqual(Array.from({ length: last - before }, (_, i) => before + 1 + i));
    c.close();
  });

  it('answers cursor_expired when since is older than the ring holds', async () => {
    t = await startTestServer({ cache: { eventReplay: 100 } });
    await churn(t, 150, 4);
    const c = await RawClient.open(t.url);
    const reply = await c.call('events.subscribe', { since: 0 });
    expect(reply.error?.data?.code).toBe('cursor_expired');
    expect((await c.call('session.hello')).result).toBeDefined();
    c.close();
  });

  it('answers cursor_expired when since is ahead of the log (a restarted server)', async () => {
    t = await startTestServer();
    const c = await RawClient.open(t.url);
    const reply = await c.call('events.subscribe', { since: t.cache.events.seq + 1_000 });
    expect(reply.error?.data?.code).toBe('cursor_expired');
    c.close();
  });

  it('unsubscribes', async () => {
    t = await startTestServer();
    const c = await RawClient.open(t.url);
    const { subscription } = (await c.call('events.subscribe')).result as { subscription: string };
    expect((await c.call('events.unsubscribe', { subscription })).result).toEqual({ ok: true });
    expect((await c.call('events.unsubscribe', { subscription })).result).toEqual({ ok: false });
    c.close();
  });
});

describe('a stalled reader', () => {
  it('gets events.gap for what did not fit and everything else in order', async () => {
    t = await startTestServer({ ws: { sendQueueBytes: 262_144 } });
    const stalled = await RawClient.open(t.url);
    const healthy = await RawClient.open(t.url);
    await stalled.call('events.subscribe');
    await healthy.call('events.subscribe');
    const first = t.cache.events.seq + 1;
    const tcp = (stalled.socket as unknown as { _socket: { pause(): void; resume(): void } })
      ._socket;
    tcp.pause();
    // Far more than the kernel buffers plus the 256 KiB cap can hold.
    // text.changed events carry at most 1,000 inserted characters: many of them, ~6 MB in all.
    const last = await churn(t, 6_000, 1_000);
    // The healthy client got everything, in order.
    await healthy.next(
      (m) => ((m as Note).params?.events ?? []).some((e) => e.seq === last),
      20_000,
    );
    const healthySeqs = healthy.messages.flatMap((m) =>
      ((m as Note).params?.events ?? []).map((e) => e.seq),
    );
    expect(healthySeqs.filter((s) => s >= first)).toEqual(range(first, last));
    expect(healthy.messages.some(isNote('events.gap'))).toBe(false);
    // The stalled one, once it reads again, sees every seq either delivered or inside a gap.
    tcp.resume();
    const probe = await stalled.call('session.hello');
    expect(probe.result).toBeDefined();
    await stalled.next(() => covered(stalled.messages).has(last), 20_000);
    // The server never held more for it than the cap (plus one small answer).
    const { maxQueuedBytes } = t.server.stats();
    expect(maxQueuedBytes).toBeGreaterThan(262_144 / 4);
    expect(maxQueuedBytes).toBeLessThanOrEqual(262_144 + 4_096);
    const gaps = stalled.messages.filter(isNote('events.gap'));
    expect(gaps.length).toBeGreaterThan(0);
    const seen = covered(stalled.messages);
    for (const seq of range(first, last)) expect(seen.has(seq)).toBe(true);
    stalled.close();
    healthy.close();
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Seqs a client received as events or was told it missed as gaps. */
function covered(messages: unknown[]): Set<number> {
  const seen = new Set<number>();
  for (const m of messages) {
    const p = (m as Note).params;
    for (const e of p?.events ?? []) seen.add(e.seq);
    if ((m as Note).method === 'events.gap' && p?.from !== undefined && p.to !== undefined) {
      for (let s = p.from; s <= p.to; s++) seen.add(s);
    }
  }
  return seen;
}
