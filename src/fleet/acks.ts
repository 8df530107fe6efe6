/**
 * JetStream publishes with their acknowledgements on one inbox subscription of the node, in
 * the way of the Go client's PublishAsync. `js.publish` makes each publish a request: a reply
 * subscription entry, a timer and two Error objects (one only to reject a promise that has
 * already resolved) per message, which at a few publishes a second was a large part of what
 * the bridge costs an idle node. Here a publish is one `nc.publish` with a reply subject and
 * one map entry; one timer, armed for the oldest deadline only, rejects what has waited past
 * it. Not an interval: at a demo's few publishes a second an interval was created and cleared
 * again and again, and each firing woke an otherwise idle process (a wakeup costs a quarter of
 * a millisecond of CPU on a small VM, about what the publish itself costs).
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
  /** Armed while anything waits, for the earliest deadline waiting when it was armed. */
  private sweeper: ReturnType<typeof setTimeout> | null = null;
  private armedFor = Infinity;

  constructor(private readonly nc: NatsConnection) {
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
      const deadline = Date.now() + opts.timeout;
      this.waiting.set(token, { resolve, reject, deadline });
      if (deadline < this.armedFor) this.arm(deadline);
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

  private arm(deadline: number): void {
    if (this.sweeper !== null) clearTimeout(this.sweeper);
    this.armedFor = deadline;
    this.sweeper = setTimeout(() => this.sweep(), Math.max(deadline - Date.now(), 1));
  }

  /**
   * Reject what is past its deadline; re-arm for the earliest deadline still waiting. An
   * acknowledgement never clears the timer: it fires at most once per timeout while publishing.
   */
  private sweep(): void {
    this.sweeper = null;
    this.armedFor = Infinity;
    const now = Date.now();
    let earliest = Infinity;
    for (const [token, w] of this.waiting) {
      if (w.deadline > now) {
        earliest = Math.min(earliest, w.deadline);
        continue;
      }
      this.waiting.delete(token);
      w.reject(new Error('publish not acknowledged in time'));
    }
    if (earliest !== Infinity) this.arm(earliest);
  }

  close(): void {
    this.sub.unsubscribe();
    if (this.sweeper !== null) clearTimeout(this.sweeper);
    this.sweeper = null;
    this.armedFor = Infinity;
    for (const w of this.waiting.values()) w.reject(new Error('publisher stopped'));
    this.waiting.clear();
  }
}
