/**
 * JetStream publishes with their acknowledgements on one inbox subscription of the node, in
 * the way of the Go client's PublishAsync. `js.publish` makes each publish a request: a reply
 * subscription entry, a timer and two Error objects (one only to reject a promise that has
 * already resolved) per message, which at a few publishes a second was a large part of what
 * the bridge costs an idle node. Here a publish is one `nc.publish` with a reply subject and
 * one map entry; one sweep rejects what has waited past its deadline.
 */
import type { Msg, MsgHdrs, NatsConnection, Subscription } from '@nats-io/transport-node';
import { createInbox, headers } from '@nats-io/transport-node';

/** What the publisher needs of a stream: a publish settled by the stream's acknowledgement. */
export interface StreamWriter {
  publish(
    subject: string,
    data: Uint8Array,
    opts: { msgID: string; headers?: MsgHdrs; timeout: number },
  ): Promise<{ duplicate: boolean }>;
}

interface Waiting {
  resolve: (ack: { duplicate: boolean }) => void;
  reject: (err: Error) => void;
  deadline: number;
}

const decoder = new TextDecoder();

export class AckInbox implements StreamWriter {
  private readonly prefix = createInbox();
  private readonly sub: Subscription;
  private readonly waiting = new Map<string, Waiting>();
  private next = 0;
  private sweeper: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly nc: NatsConnection,
    private readonly sweepMs = 250,
  ) {
    this.sub = nc.subscribe(`${this.prefix}.*`, { callback: (_err, m) => this.settle(m) });
  }

  publish(
    subject: string,
    data: Uint8Array,
    opts: { msgID: string; headers?: MsgHdrs; timeout: number },
  ): Promise<{ duplicate: boolean }> {
    const token = String(this.next++);
    const h = opts.headers ?? headers();
    h.set('Nats-Msg-Id', opts.msgID);
    return new Promise((resolve, reject) => {
      this.waiting.set(token, { resolve, reject, deadline: Date.now() + opts.timeout });
      this.sweeper ??= setInterval(() => this.sweep(), this.sweepMs);
      try {
        this.nc.publish(subject, data, { reply: `${this.prefix}.${token}`, headers: h });
      } catch (err) {
        this.waiting.delete(token);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  private settle(m: Msg): void {
    const token = m.subject.slice(this.prefix.length + 1);
    const w = this.waiting.get(token);
    if (w === undefined) return;
    this.waiting.delete(token);
    // A status reply (503: no JetStream behind the subject) has no body.
    if (m.headers?.hasError === true) {
      return w.reject(new Error(`publish refused: ${m.headers.code} ${m.headers.description}`));
    }
    const ack = JSON.parse(decoder.decode(m.data)) as {
      stream?: string;
      duplicate?: boolean;
      error?: { description?: string };
    };
    if (ack.error !== undefined || ack.stream === undefined) {
      return w.reject(new Error(`publish refused: ${ack.error?.description ?? 'no stream'}`));
    }
    w.resolve({ duplicate: ack.duplicate === true });
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, w] of this.waiting) {
      if (w.deadline > now) continue;
      this.waiting.delete(token);
      w.reject(new Error('publish not acknowledged in time'));
    }
    if (this.waiting.size === 0 && this.sweeper !== null) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  close(): void {
    this.sub.unsubscribe();
    if (this.sweeper !== null) clearInterval(this.sweeper);
    this.sweeper = null;
    for (const w of this.waiting.values()) w.reject(new Error('publisher stopped'));
    this.waiting.clear();
  }
}
