/** A socket stand-in whose writes complete only when the test flushes them. */
import type { WebSocket } from 'ws';
import { jsonCodec } from '../../../protocol/src/index.js';
import { Outbox } from '../../../src/ws/outbox.js';
import { SendQueue, type Frame } from '../../../src/ws/send-queue.js';

export class FakeSocket {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: Frame[] = [];
  private readonly callbacks: (() => void)[] = [];

  /** Frames sent as binary WebSocket frames. */
  binaryFrames = 0;

  send(frame: Frame, options: { binary: boolean }, cb: () => void): void {
    if (options.binary) this.binaryFrames++;
    this.sent.push(frame);
    this.callbacks.push(cb);
  }

  /** Complete the oldest `n` writes (all by default), as the kernel taking the bytes. */
  flush(n = this.callbacks.length): void {
    for (const cb of this.callbacks.splice(0, n)) cb();
  }

  get unflushed(): number {
    return this.callbacks.length;
  }

  /** Decoded JSON of every frame sent so far. */
  messages(): { method?: string; params?: Record<string, unknown> }[] {
    return this.sent.map((f) => JSON.parse(String(f)) as { method?: string });
  }
}

export function makeQueue(cap: number, onOverflow = (): void => undefined) {
  const socket = new FakeSocket();
  const queue = new SendQueue(socket as unknown as WebSocket, cap, onOverflow);
  return { socket, queue, out: new Outbox(queue, jsonCodec) };
}
