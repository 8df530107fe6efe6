/**
 * A connection's subscriptions: events.subscribe/unsubscribe (with `since` replay from the
 * cache's event log) and tree.subscribe/unsubscribe (mirrors fed by the cache's patches).
 * Each feeds one shared subscription to the cache stream and flushes once per tick, so bursts
 * of events become one notification.
 */
import type { Subscription } from 'rxjs';
import type { MethodParams, MethodResult, PatchBatch, UiEvent } from '../../protocol/src/index.js';
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import type { Executor } from '../executor/api.js';
import type { ConnectionMethod, HandlerTable } from '../service/handlers.js';
import { UiError } from '../errors.js';
import { createEventMatcher } from './event-filter.js';
import { EventSubscription } from './event-subscription.js';
import type { Outbox } from './outbox.js';
import { TreeSubscription } from './tree-subscription.js';

export interface SessionDeps {
  handlers: HandlerTable;
  cache: UiCache;
  executor: Executor;
  config: Config;
}

/** A result plus what to do once the response has been sent (start delivering). */
export interface CallOutcome {
  result: unknown;
  afterSent?: () => void;
}

const REPLAY_PAGE = 1000;
const MAX_DEPTH = 256;

export class Subscriptions {
  private readonly events = new Map<string, EventSubscription>();
  private readonly trees = new Map<string, TreeSubscription>();
  private eventFeed: Subscription | null = null;
  private patchFeed: Subscription | null = null;
  private flushScheduled = false;
  private nextId = 1;

  constructor(
    private readonly deps: SessionDeps,
    private readonly out: Outbox,
  ) {}

  call(name: ConnectionMethod, params: unknown): CallOutcome {
    switch (name) {
      case 'events.subscribe':
        return this.subscribeEvents(params as MethodParams<'events.subscribe'>);
      case 'events.unsubscribe':
        return { result: this.drop(this.events, params as MethodParams<'events.unsubscribe'>) };
      case 'tree.subscribe':
        return this.subscribeTree(params as MethodParams<'tree.subscribe'>);
      case 'tree.unsubscribe':
        return { result: this.drop(this.trees, params as MethodParams<'tree.unsubscribe'>) };
    }
  }

  private subscribeEvents(p: MethodParams<'events.subscribe'>): CallOutcome {
    const log = this.deps.cache.events;
    const { since, ...filter } = p;
    if (since !== undefined && since > log.seq) {
      throw new UiError(
        'cursor_expired',
        `since ${since} is ahead of the newest event ${log.seq}`,
        {
          details: { since, seq: log.seq },
          recovery: ['The server may have restarted: subscribe again without since'],
        },
      );
    }
    const id = `ev${this.nextId++}`;
    const sub = new EventSubscription(
      id,
      createEventMatcher(log, filter),
      this.out,
      since ?? log.seq,
    );
    // Replay synchronously, then feed live: nothing can arrive in between.
    if (since !== undefined) this.replay(sub, filter, since);
    this.events.set(id, sub);
    this.eventFeed ??= log.events$.subscribe((e) => this.onEvent(e));
    const result: MethodResult<'events.subscribe'> = { subscription: id, seq: log.seq };
    return { result, afterSent: () => sub.release() };
  }

  /** Throws cursor_expired (from the log) when `since` is older than the ring holds. */
  private replay(
    sub: EventSubscription,
    filter: Omit<MethodParams<'events.subscribe'>, 'since'>,
    since: number,
  ): void {
    let cursor = since;
    for (;;) {
      const page = this.deps.cache.events.read({ ...filter, after: cursor, limit: REPLAY_PAGE });
      for (const event of page.events) sub.push(event);
      cursor = page.cursor;
      if (!page.hasMore) return;
    }
  }

  private subscribeTree(p: MethodParams<'tree.subscribe'>): CallOutcome {
    const { cache } = this.deps;
    const desktop = cache.tree({ depth: 0 }).tree.ref;
    const root =
      p.root ?? (p.window === undefined ? desktop : cache.resolveWindow(p.window).element);
    const depth = p.depth ?? MAX_DEPTH;
    const { nodes } = cache.subtree(root, depth);
    const id = `tr${this.nextId++}`;
    const revision = cache.revision;
    const sub = new TreeSubscription(id, root, depth, nodes, revision, root === desktop, this.out);
    this.trees.set(id, sub);
    this.patchFeed ??= cache.patches$.subscribe((b) => this.onPatches(b));
    const result: MethodResult<'tree.subscribe'> = { subscription: id, revision, root, nodes };
    return { result, afterSent: () => sub.release() };
  }

  private drop(map: Map<string, { flush(): void }>, p: { subscription: string }): { ok: boolean } {
    return { ok: map.delete(p.subscription) };
  }

  private onEvent(event: UiEvent): void {
    for (const sub of this.events.values()) sub.push(event);
    this.scheduleFlush();
  }

  private onPatches(batch: PatchBatch): void {
    for (const sub of this.trees.values()) sub.push(batch);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      this.flushScheduled = false;
      this.flushAll();
    });
  }

  flushAll(): void {
    for (const sub of this.events.values()) sub.flush();
    for (const [id, sub] of this.trees) {
      sub.flush();
      // A mirror that told its client to resync is finished.
      if (sub.resyncSent) {
        sub.dispose();
        this.trees.delete(id);
      }
    }
  }

  dispose(): void {
    this.eventFeed?.unsubscribe();
    this.patchFeed?.unsubscribe();
    this.events.clear();
    this.trees.clear();
  }
}
