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

function push(row: LogRow): void {
  const next = rows.value.length >= MAX_ROWS ? rows.value.slice(-MAX_ROWS + 1) : [...rows.value];
  next.push(row);
  rows.value = next;
}

function take(event: UiEvent): void {
  if (lastSeq.value !== null && event.seq <= lastSeq.value) return;
  lastSeq.value = event.seq;
  counts.value = { ...counts.value, [event.type]: (counts.value[event.type] ?? 0) + 1 };
  push({ kind: 'event', event });
}

async function fillGap(from: number, to: number): Promise<void> {
  push({ kind: 'gap', from, to, seq: from });
  let cursor = Math.max(from - 1, lastSeq.value ?? 0);
  while (cursor < to) {
    const page = await call('events.read', { ...filter.value, after: cursor, limit: 200 });
    for (const event of page.events) if (event.seq <= to) take(event);
    if (!page.hasMore) break;
    cursor = page.cursor;
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
  const since = lastSeq.value ?? undefined;
  const params = since === undefined ? filter.value : { ...filter.value, since };
  const client = currentClient();
  const result = (await client.request('events.subscribe', params, (raw) => {
    const r = raw as MethodResult<'events.subscribe'>;
    subscription = r.subscription;
    client.route(r.subscription, onNotification);
  })) as MethodResult<'events.subscribe'>;
  lastSeq.value ??= result.seq;
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
  push({ kind: 'note', text: `paused after seq ${lastSeq.value ?? '-'}`, seq: lastSeq.value ?? 0 });
}

export async function resume(): Promise<void> {
  push({ kind: 'note', text: `resumed from seq ${lastSeq.value ?? '-'}`, seq: lastSeq.value ?? 0 });
  paused.value = false;
  await subscribe();
}

/** A new filter applies from now: the log restarts under it. */
export async function applyFilter(next: EventFilter): Promise<void> {
  await unsubscribe();
  filter.value = next;
  lastSeq.value = null;
  rows.value = [];
  counts.value = {};
  if (!paused.value) await subscribe();
}

export function clearLog(): void {
  rows.value = [];
  counts.value = {};
}

/** After a reconnect the server forgot our subscription: take it up again from our seq. */
export async function resubscribe(): Promise<void> {
  subscription = null;
  if (!paused.value) await subscribe();
}
