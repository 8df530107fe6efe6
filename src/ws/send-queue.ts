/**
 * The per-connection send queue, bounded in bytes. It counts what was handed to the socket but
 * not yet flushed to the kernel (the memory a slow reader makes the server hold). Notifications
 * ask `fits` first and coalesce or report gaps when there is no room; responses always go out,
 * but a peer that lets them pile up behind a backlog of twice the cap is disconnected.
 */
import type { WebSocket } from 'ws';

export type Frame = string | Uint8Array;

/**
 * What one queued frame costs besides its bytes: the socket's write request, its callback and
 * the frame header. Counting it keeps the cap a bound on real memory for many small frames.
 */
export const FRAME_OVERHEAD_BYTES = 256;

/** Bytes a frame holds while queued, overhead included. */
export function frameBytes(frame: Frame): number {
  const payload = typeof frame === 'string' ? Buffer.byteLength(frame) : frame.byteLength;
  return payload + FRAME_OVERHEAD_BYTES;
}

export class SendQueue {
  private inflight = 0;
  /** The most bytes ever held at once (for stats and benchmarks). */
  highWater = 0;
  private readonly drainListeners = new Set<() => void>();

  /** Frames go as text (JSON) or binary (MessagePack), bytes or not: the codec decides. */
  private readonly sendOptions: { binary: boolean };

  constructor(
    private readonly socket: WebSocket,
    readonly capBytes: number,
    private readonly onOverflow: () => void,
    binary = false,
  ) {
    this.sendOptions = { binary };
  }

  /** Bytes handed to the socket and not yet flushed. */
  get bytes(): number {
    return this.inflight;
  }

  /** Room for a frame of `size`; an empty queue takes any one frame, so none is undeliverable. */
  /**
   * Past a quarter of the cap the reader is slow: notifications are held and coalesced rather
   * than queued, so the bytes really sitting in socket buffers stay well below the cap (each
   * queued byte costs more than a byte of memory) and the rest of the budget holds events.
   */
  get congested(): boolean {
    return this.inflight > this.capBytes / 4;
  }

  fits(size: number): boolean {
    return this.inflight === 0 || this.inflight + size <= this.capBytes;
  }

  /** Send now, whatever the queue holds (responses). */
  send(frame: Frame, size = frameBytes(frame)): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    const backlog = this.inflight;
    this.inflight += size;
    if (this.inflight > this.highWater) this.highWater = this.inflight;
    this.socket.send(frame, this.sendOptions, () => this.flushed(size));
    // One big answer is fine; answers piling up behind an unread backlog are not.
    if (backlog > 2 * this.capBytes) this.onOverflow();
  }

  /** Send only when it fits the cap; answers whether it was sent. */
  offer(frame: Frame, size = frameBytes(frame)): boolean {
    if (!this.fits(size)) return false;
    this.send(frame, size);
    return true;
  }

  /** Called each time the queue drains from congested to a quarter of the cap or less. */
  onDrain(listener: () => void): void {
    this.drainListeners.add(listener);
  }

  private flushed(size: number): void {
    const before = this.inflight;
    this.inflight -= size;
    const low = this.capBytes / 4;
    if (before > low && this.inflight <= low)
      for (const listener of this.drainListeners) listener();
  }
}
