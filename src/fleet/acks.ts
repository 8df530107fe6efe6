/**
 * JetStream publishes with their acknowledgements on one inbox subscription of the node, in
 * the way of the Go client's PublishAsync. `js.publish` makes each publish a request: a reply
 * subscription entry, a timer and two Error objects per message, a cost an idle node pays for
 * every batch. Here a publish is one `nc.publish` with a reply subject and one map entry; one
 * timer, armed for the oldest deadline only, rejects what has waited past it. Not an interval:
 * each firing would wake an otherwise idle process, and a wakeup costs about what the publish
 * itself costs.
 *
 * Besides: `stored`, which asks the stream whether it holds a message by its msg id, so a gap
 * reported after an outage starts after what reached the stream unacknowledged.
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
  /** Whether the stream holds a message sent under `msgID` (within its duplicate window). */
  stored(subject: string, msgID: string, timeout: number): Promise<StoredAnswer>;
}

/**
 * `unsupported`: the question itself was stored, so this server does not honour
 * `Nats-Expected-Last-Msg-Id`; the answer says nothing about the message.
 */
export type StoredAnswer = 'stored' | 'missing' | 'unsupported';

/** A stream's answer to a publish, or the status of a reply with no stream behind it. */
interface Answer {
  stream?: string;
  duplicate?: boolean;
  error?: { err_code?: number; description?: string };
}

interface Waiting {
  answer: (a: Answer) => void;
  reject: (err: Error) => void;
  deadline: number;
}

/** A msg id no batch has: a probe asking for it as the stream's last can never be stored. */
const NEVER_LAST = 'uistream.stored-probe';
/** JetStream's error code for a wrong `Nats-Expected-Last-Msg-Id`. */
const WRONG_LAST_MSG_ID = 10070;
const noBody = new Uint8Array(0);

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
    const h = opts.headers ?? headers();
    h.set('Nats-Msg-Id', opts.msgID);
    return this.request(subject, data, h, opts.timeout, (a, resolve, reject) => {
      if (a.error !== undefined || a.stream === undefined) return reject(refused(a));
      resolve({ duplicate: a.duplicate === true });
    });
  }

  /**
   * A body-less publish under the same msg id that expects a last msg id no stream has. The
   * stream checks a msg id for a duplicate before it checks that expectation (nats-server 2.9
   * to 2.12): a message it holds answers `duplicate`, one it does not hold fails the
   * expectation and nothing is stored.
   */
  stored(subject: string, msgID: string, timeout: number): Promise<StoredAnswer> {
    const h = headers();
    h.set('Nats-Msg-Id', msgID);
    h.set('Nats-Expected-Last-Msg-Id', NEVER_LAST);
    return this.request(subject, noBody, h, timeout, (a, resolve, reject) => {
      if (a.error?.err_code === WRONG_LAST_MSG_ID) return resolve('missing');
      if (a.error !== undefined || a.stream === undefined) return reject(refused(a));
      resolve(a.duplicate === true ? 'stored' : 'unsupported');
    });
  }

  private request<T>(
    subject: string,
    data: Uint8Array,
    h: MsgHdrs,
    timeout: number,
    read: (a: Answer, resolve: (v: T) => void, reject: (e: Error) => void) => void,
  ): Promise<T> {
    const token = String(this.next++);
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + timeout;
      this.waiting.set(token, { answer: (a) => read(a, resolve, reject), reject, deadline });
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
    try {
      w.answer(JSON.parse(decoder.decode(m.data)) as Answer);
    } catch {
      w.reject(new Error('publish answered with something that is not JSON'));
    }
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

function refused(a: Answer): Error {
  return new Error(`publish refused: ${a.error?.description ?? 'no stream'}`);
}
