import { describe, expect, it } from 'vitest';
import { FRAME_OVERHEAD_BYTES, frameBytes } from '../../../src/ws/send-queue.js';
import { makeQueue } from './fakes.js';

describe('SendQueue', () => {
  it('counts bytes until the socket has flushed them', () => {
    const { socket, queue } = makeQueue(10_000);
    queue.send('x'.repeat(100));
    expect(queue.bytes).toBe(100 + FRAME_OVERHEAD_BYTES);
    socket.flush();
    expect(queue.bytes).toBe(0);
    expect(queue.highWater).toBe(100 + FRAME_OVERHEAD_BYTES);
  });

  it('offers only what fits, but an empty queue takes any one frame', () => {
    const { queue } = makeQueue(1_000);
    expect(queue.offer('y'.repeat(5_000))).toBe(true);
    expect(queue.offer('z')).toBe(false);
  });

  it('calls drain listeners once the queue falls to a quarter of the cap', () => {
    const { socket, queue } = makeQueue(4_000);
    let drains = 0;
    queue.onDrain(() => drains++);
    for (let i = 0; i < 4; i++) queue.send('a'.repeat(300));
    expect(queue.congested).toBe(true);
    // 4 x 556 bytes queued; a quarter of the cap is 1,000: the third flush crosses it.
    socket.flush(2);
    expect(drains).toBe(0);
    socket.flush(1);
    expect(drains).toBe(1);
    socket.flush();
    expect(drains).toBe(1);
  });

  it('reports an overflow when answers pile up behind a backlog of twice the cap', () => {
    let overflows = 0;
    const { queue } = makeQueue(1_000, () => overflows++);
    queue.send('b'.repeat(5_000)); // one big answer is fine
    expect(overflows).toBe(0);
    queue.send('c');
    expect(overflows).toBe(1);
  });

  it('measures UTF-8 bytes, not characters', () => {
    expect(frameBytes('é')).toBe(2 + FRAME_OVERHEAD_BYTES);
    expect(frameBytes(new Uint8Array(10))).toBe(10 + FRAME_OVERHEAD_BYTES);
  });
});
