/**
 * A bounded in-memory event store for one HTTP session, so a client whose SSE stream drops can
 * reconnect with Last-Event-ID and get what it missed (and so the server can send the priming
 * event and retry hint that resumable streams need). Only the newest `capacity` events are
 * kept; a client further behind simply resumes from what is left.
 */

interface Stored<M> {
  id: string;
  streamId: string;
  seq: number;
  message: M;
}

export class BoundedEventStore<M> {
  private readonly events: Stored<M>[] = [];
  private readonly sizes: number[] = [];
  private bytes = 0;
  private seq = 0;

  /** At most `capacity` events and about `maxBytes` of them (their JSON size). */
  constructor(
    private readonly capacity = 1_000,
    private readonly maxBytes = 4 * 1024 * 1024,
  ) {}

  /** Bytes the held events take, approximately. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Event ids are `<streamId>:<seq>` so the stream is known even after eviction. */
  storeEvent(streamId: string, message: M): Promise<string> {
    this.seq += 1;
    const id = `${streamId}:${this.seq}`;
    const size = JSON.stringify(message)?.length ?? 0;
    this.events.push({ id, streamId, seq: this.seq, message });
    this.sizes.push(size);
    this.bytes += size;
    while (
      this.events.length > 1 &&
      (this.events.length > this.capacity || this.bytes > this.maxBytes)
    ) {
      this.events.shift();
      this.bytes -= this.sizes.shift() ?? 0;
    }
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const cut = eventId.lastIndexOf(':');
    return Promise.resolve(cut > 0 ? eventId.slice(0, cut) : undefined);
  }

  /** Send the events of the same stream after `lastEventId`, in order; answer the stream id. */
  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: M) => Promise<void> },
  ): Promise<string> {
    const cut = lastEventId.lastIndexOf(':');
    const streamId = cut > 0 ? lastEventId.slice(0, cut) : '';
    const after = Number(lastEventId.slice(cut + 1));
    for (const e of this.events) {
      // Priming events carry an empty message: nothing to replay for them.
      const empty =
        typeof e.message === 'object' && e.message !== null && Object.keys(e.message).length === 0;
      if (e.streamId === streamId && e.seq > after && !empty) await send(e.id, e.message);
    }
    return streamId;
  }

  get size(): number {
    return this.events.length;
  }
}
