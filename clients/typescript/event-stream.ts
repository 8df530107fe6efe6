/**
 * One `events()` Observable: subscribes, delivers events in seq order, fills reported gaps
 * from the server's replay log (events.read) before anything newer, and resumes after a
 * reconnect with `since` = the last seq it delivered.
 */
import type { Subscriber } from 'rxjs';
import type { MethodInput, MethodResult, UiEvent } from '../../protocol/src/index.js';
import type { Resumable, StreamHost } from './client.js';
import { UistreamError } from './errors.js';
import { ServerStream } from './server-stream.js';

export type EventFilterInput = Omit<NonNullable<MethodInput<'events.subscribe'>>, 'since'>;

/** Small pages keep each answer small; a gap may span thousands of events. */
const FILL_PAGE = 200;

export class EventStream extends ServerStream<UiEvent> implements Resumable {
  private lastSeq: number | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    host: StreamHost,
    private readonly filter: EventFilterInput,
    subscriber: Subscriber<UiEvent>,
  ) {
    super(host, subscriber, 'events.unsubscribe');
  }

  start(): Promise<void> {
    return this.subscribe(undefined);
  }

  resume(): Promise<void> {
    this.id = null;
    return this.subscribe(this.lastSeq ?? undefined);
  }

  private async subscribe(since: number | undefined): Promise<void> {
    if (this.stopped) return;
    const params = since === undefined ? this.filter : { ...this.filter, since };
    try {
      await this.host.request('events.subscribe', params, (raw) => {
        const result = raw as MethodResult<'events.subscribe'>;
        this.id = result.subscription;
        this.lastSeq ??= result.seq;
        this.host.route(result.subscription, (m, p) => this.enqueue(m, p));
      });
    } catch (err) {
      // A lost connection is retried by the client's reconnect; anything else ends the stream.
      if (!(err instanceof UistreamError && err.code === 'backend_unavailable')) this.fail(err);
    }
  }

  private enqueue(method: string, params: unknown): void {
    this.chain = this.chain.then(() => this.handle(method, params)).catch((err) => this.fail(err));
  }

  private async handle(method: string, params: unknown): Promise<void> {
    if (method === 'events.event') {
      for (const event of (params as { events: UiEvent[] }).events) this.emit(event);
    } else if (method === 'events.gap') {
      const { from, to } = params as { from: number; to: number };
      await this.fill(from, to);
    }
  }

  private emit(event: UiEvent): void {
    if (this.stopped || (this.lastSeq !== null && event.seq <= this.lastSeq)) return;
    this.lastSeq = event.seq;
    this.subscriber.next(event);
  }

  /** Fetch the events the server dropped for us; cursor_expired ends the stream. */
  private async fill(from: number, to: number): Promise<void> {
    let cursor = Math.max(from - 1, this.lastSeq ?? 0);
    while (cursor < to && !this.stopped) {
      const page = (await this.host.request('events.read', {
        ...this.filter,
        after: cursor,
        limit: FILL_PAGE,
      })) as MethodResult<'events.read'>;
      for (const event of page.events) if (event.seq <= to) this.emit(event);
      if (!page.hasMore) break;
      cursor = page.cursor;
    }
    if (this.lastSeq === null || this.lastSeq < to) this.lastSeq = to;
    this.host.stats.gapsFilled++;
  }
}
