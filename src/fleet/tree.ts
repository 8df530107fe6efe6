/**
 * Window tree patches on demand: a controller asks `uistream.<node>.ctl.tree` for a window
 * (with a lease) and gets the mirror's first copy as the answer; patches then go to
 * `uistream.<node>.tree.<window>` as `tree.patch` notifications (or one `tree.resync`) until
 * the lease runs out. The mirror is the WebSocket transport's own tree subscription, fed into
 * a NATS subject instead of a socket, so both transports mirror a window the same way.
 */
import type { Service, ServiceMsg } from '@nats-io/services';
import type { NatsConnection } from '@nats-io/transport-node';
import { fleetSubjects, jsonCodec, TreeWatchParams } from '../../protocol/src/index.js';
import type { App } from '../app.js';
import { UiError, toWireError } from '../errors.js';
import { describeIssues } from '../service/dispatch.js';
import { Outbox } from '../ws/outbox.js';
import type { Frame, SendQueue } from '../ws/send-queue.js';
import { Subscriptions } from '../ws/subscriptions.js';

const encoder = new TextEncoder();
/** A window ref is used as one subject token. */
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/** The part of a send queue the subscriptions use, publishing each frame to one subject. */
class SubjectQueue {
  readonly bytes = 0;
  readonly capBytes = Number.MAX_SAFE_INTEGER;
  readonly congested = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string,
  ) {}

  offer(frame: Frame): boolean {
    this.nc.publish(this.subject, typeof frame === 'string' ? encoder.encode(frame) : frame);
    return true;
  }
}

interface Watch {
  subs: Subscriptions;
  timer: NodeJS.Timeout;
}

export class TreeWatches {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly node: string,
    private readonly app: App,
  ) {}

  /** Register the control endpoint on the node's micro service. */
  register(service: Service): void {
    service.addEndpoint('tree_watch', {
      subject: fleetSubjects.treeWatch(this.node),
      handler: (err, msg) => {
        if (err === null) this.onRequest(msg);
      },
    });
  }

  private onRequest(msg: ServiceMsg): void {
    try {
      const answer = this.watch(this.parse(msg));
      msg.respond(encoder.encode(JSON.stringify({ result: answer.result })));
      answer.afterSent?.();
    } catch (err) {
      const error = toWireError(err);
      msg.respondError(400, error.code, encoder.encode(JSON.stringify({ error })));
    }
  }

  private parse(msg: ServiceMsg): TreeWatchParams {
    let raw: unknown;
    try {
      raw = msg.data.length === 0 ? undefined : msg.json();
    } catch {
      throw new UiError('invalid_params', 'request body is not JSON');
    }
    const parsed = TreeWatchParams.safeParse(raw);
    if (!parsed.success) {
      throw new UiError('invalid_params', 'invalid tree watch request', {
        details: { issues: describeIssues(parsed.error) },
      });
    }
    if (!TOKEN.test(parsed.data.window)) {
      throw new UiError('invalid_params', 'window must be a window ref such as w3');
    }
    return parsed.data;
  }

  /** A new watch answers the first copy; a running one only has its lease extended. */
  private watch(p: TreeWatchParams): { result: unknown; afterSent?: () => void } {
    const subject = fleetSubjects.tree(this.node, p.window);
    const running = this.watches.get(p.window);
    if (running !== undefined) {
      running.timer.refresh();
      return { result: { subject, renewed: true } };
    }
    const queue = new SubjectQueue(this.nc, subject) as unknown as SendQueue;
    const { handlers, cache, executor, config } = this.app;
    const subs = new Subscriptions(
      { handlers, cache, executor, config },
      new Outbox(queue, jsonCodec),
    );
    const outcome = subs.call('tree.subscribe', { window: p.window });
    const timer = setTimeout(() => this.end(p.window), p.leaseMs);
    timer.unref();
    this.watches.set(p.window, { subs, timer });
    return { result: { subject, ...(outcome.result as object) }, afterSent: outcome.afterSent };
  }

  private end(window: string): void {
    const w = this.watches.get(window);
    if (w === undefined) return;
    clearTimeout(w.timer);
    w.subs.dispose();
    this.watches.delete(window);
  }

  stop(): void {
    for (const window of [...this.watches.keys()]) this.end(window);
  }
}
