/**
 * What the client's server-backed Observables share: one subscription id on the connection,
 * and the end of the stream (stop by the consumer, end with the connection, fail with an error).
 */
import type { Subscriber } from 'rxjs';
import type { StreamHost } from './client.js';

export abstract class ServerStream<T> {
  protected id: string | null = null;
  protected stopped = false;

  constructor(
    protected readonly host: StreamHost,
    protected readonly subscriber: Subscriber<T>,
    private readonly unsubscribeMethod: 'events.unsubscribe' | 'tree.unsubscribe',
  ) {}

  /** The consumer unsubscribed: stop routing and tell the server (best effort). */
  stop(): void {
    this.stopped = true;
    if (this.id === null) return;
    this.host.route(this.id, null);
    this.host.request(this.unsubscribeMethod, { subscription: this.id }).catch(() => undefined);
  }

  /** The connection closed for good: complete the Observable. */
  end(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.subscriber.complete();
  }

  /** The stream cannot go on: error the Observable. */
  fail(err: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.subscriber.error(err);
  }
}
