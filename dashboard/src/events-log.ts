/**
 * The events log: one `events.subscribe` with the page's filter, routed by hand so that
 * `events.gap` is shown as a row (then filled from `events.read`), and so that pause and resume
 * work from the seq cursor: pausing unsubscribes and keeps the last seq; resuming subscribes
 * with `since` = that seq, and the server replays what happened meanwhile. Nothing is lost.
 */
import { signal } from '@preact/signals';
import type { MethodInput, MethodResult, UiEvent } from '../../protocol/src/index.js';
import { call, currentClient } from './session.js';

export type EventFilter = Omit<NonNullable<MethodInput<'events.subscribe'>>, 'since'>;

export type LogRow =
  | { kind: 'event'; event: UiEvent }
  | { kind: 'gap'; from: number; to: number; seq: number }
  | { kind: 'note'; text: string; seq: number };

const MAX_ROWS = 2000;

export const rows = signal<LogRow[]>([]);
export const counts = signal<Record<string, number>>({});
export const paused = signal(false);
export const filter = signal<EventFilter>({});
export const lastSeq = signal<number | null>(null);

let subscription: string | null = null;
let chain: Promise<void> = Promise.resolve();

// Rows and counts arrive in bursts: they are queued and handed to the signals once per animation
// frame, so a burst of N events costs one copy and one render, not N of each.
let pendingRows: LogRow[] = [];
let pendingCounts: Record<string, number> = {};
let flushQueued = false;
/** The newest seq taken (ahead of lastSeq, which the page sees once per frame). */
let cursor: number | null = null;

function flush(): void {
  flushQueued = false;
  if (pendingRows.length === 0) return;
  const merged = rows.value.concat(pendingRows);
  rows.value = merged.length > MAX_ROWS ? merged.slice(-MAX_ROWS) : merged;
  const next = { ...counts.value };
  for (const [type, n] of Object.entries(pendingCounts)) next[type] = (next[type] ?? 0) + n;
  counts.value = next;
  lastSeq.value = cursor;
  pendingRows = [];
  pendingCounts = {};
}

function push(row: LogRow): void {
  pendingRows.push(row);
  if (flushQueued) return;
  flushQueued = true;
  requestAnimationFrame(flush);
}

function take(event: UiEvent): void {
  if (cursor !== null && event.seq <= cursor) return;
  cursor = event.seq;
  pendingCounts[event.type] = (pendingCounts[event.type] ?? 0) + 1;
  push({ kind: 'event', event });
}

function reset(): void {
  pendingRows = [];
  pendingCounts = {};
  rows.value = [];
  counts.value = {};
}

async function fillGap(from: number, to: number): Promise<void> {
  push({ kind: 'gap', from, to, seq: from });
  let after = Math.max(from - 1, cursor ?? 0);
  while (after < to) {
    const page = await call('events.read', { ...filter.value, after, limit: 200 });
    for (const event of page.events) if (event.seq <= to) take(event);
    if (!page.hasMore) break;
    after = page.cursor;
  }
}

function onNotification(method: string, params: unknown): void {
  chain = chain.then(async () => {
    if (method === 'events.event') {
      for (const event of (params as { events: UiEvent[] }).events) take(event);
    } else if (method === 'events.gap') {
      const { from, to } = params as { from: number; to: number };
      await fillGap(from, to);
    }
  });
}

async function subscribe(): Promise<void> {
  const since = cursor ?? undefined;
  const params = since === undefined ? filter.value : { ...filter.value, since };
  const client = currentClient();
  const result = (await client.request('events.subscribe', params, (raw) => {
    const r = raw as MethodResult<'events.subscribe'>;
    subscription = r.subscription;
    client.route(r.subscription, onNotification);
  })) as MethodResult<'events.subscribe'>;
  cursor ??= result.seq;
  lastSeq.value ??= cursor;
}

async function unsubscribe(): Promise<void> {
  if (subscription === null) return;
  const id = subscription;
  subscription = null;
  currentClient().route(id, null);
  await call('events.unsubscribe', { subscription: id }).catch(() => undefined);
}

export function startLog(): Promise<void> {
  return subscribe();
}

export async function pause(): Promise<void> {
  paused.value = true;
  await unsubscribe();
  push({ kind: 'note', text: `paused after seq ${cursor ?? '-'}`, seq: cursor ?? 0 });
}

export async function resume(): Promise<void> {
  push({ kind: 'note', text: `resumed from seq ${cursor ?? '-'}`, seq: cursor ?? 0 });
  paused.value = false;
  await subscribe();
}

/** A new filter applies from now: the log restarts under it. */
export async function applyFilter(next: EventFilter): Promise<void> {
  await unsubscribe();
  filter.value = next;
  cursor = null;
  lastSeq.value = null;
  reset();
  if (!paused.value) await subscribe();
}

export function clearLog(): void {
  reset();
}

/** After a reconnect the server forgot our subscription: take it up again from our seq. */
export async function resubscribe(): Promise<void> {
  subscription = null;
  if (!paused.value) await subscribe();
}
