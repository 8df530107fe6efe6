import { describe, expect, it } from 'vitest';
import type { UiEvent } from '../../../protocol/src/index.js';
import { makeQueue } from './fakes.js';

function event(seq: number): UiEvent {
  return {
    seq,
    time: 0,
    type: 'text.changed',
    element: { ref: 'e1', controlType: 'Edit', name: 'x', rect: null, window: 'w1' },
    change: { start: 0, removed: 0, inserted: `v${seq}` },
    length: 2,
  };
}

const decode = (frame: unknown): { params: { subscription: string; events: UiEvent[] } } =>
  JSON.parse(Buffer.from(frame as Uint8Array).toString('utf8')) as never;

describe('Outbox events frames', () => {
  it('encodes one notification once for every connection taking the same events', () => {
    const events = [event(1), event(2), event(3)];
    const a = makeQueue(1 << 20).out.events('ev1', events);
    const b = makeQueue(1 << 20).out.events('ev1', [...events]);
    expect(a).toBeInstanceOf(Uint8Array);
    expect(b).toBe(a);
    expect(decode(a).params.events.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('encodes anew for another subscription id or other events of the same span', () => {
    const [e1, e2, e3] = [event(1), event(2), event(3)];
    const out = makeQueue(1 << 20).out;
    const all = out.events('ev1', [e1, e2, e3]);
    const other = out.events('ev2', [e1, e2, e3]);
    const filtered = out.events('ev1', [e1, e3]);
    expect(decode(other).params.subscription).toBe('ev2');
    expect(decode(filtered).params.events.map((e) => e.seq)).toEqual([1, 3]);
    expect(decode(out.events('ev1', [e1, e2, e3])).params.events).toHaveLength(3);
    expect(other).not.toBe(all);
  });

  it('sends the shared bytes of a JSON connection as a text frame', () => {
    const { socket, queue, out } = makeQueue(1 << 20);
    expect(queue.offer(out.events('ev1', [event(7)]))).toBe(true);
    expect(socket.binaryFrames).toBe(0);
    expect(socket.messages()[0]?.method).toBe('events.event');
  });
});
