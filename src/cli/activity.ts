/**
 * The live activity feed `serve` prints. By default one summary line per second with events
 * (counts by type and the newest line), so the banner and its token stay on screen; with
 * --verbose every event gets its own line.
 */
import type { Observable } from 'rxjs';
import type { UiEvent } from '../../protocol/src/index.js';
import { eventLine } from '../mcp/render.js';

const SUMMARY_MS = 1_000;

function clock(time: number): string {
  return new Date(time).toISOString().slice(11, 23);
}

/** The summary of one second's events: `12 events (text.changed 9, focus.changed 3); last: ...`. */
export function summaryOf(events: readonly UiEvent[]): string {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  const byType = [...counts].map(([type, n]) => `${type} ${n}`).join(', ');
  const last = events[events.length - 1];
  const tail = last === undefined ? '' : `; last: ${eventLine(last).slice(0, 100)}`;
  return `${events.length} event${events.length === 1 ? '' : 's'} (${byType})${tail}`;
}

/** Print the feed until the signal aborts. */
export function printActivity(
  events$: Observable<UiEvent>,
  verbose: boolean,
  log: (line: string) => void,
  signal: AbortSignal,
): void {
  if (verbose) {
    const sub = events$.subscribe((e) => log(`${clock(e.time)} ${eventLine(e)}`));
    signal.addEventListener('abort', () => sub.unsubscribe(), { once: true });
    return;
  }
  let pending: UiEvent[] = [];
  const sub = events$.subscribe((e) => pending.push(e));
  const timer = setInterval(() => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    log(`${clock(Date.now())} ${summaryOf(batch)}`);
  }, SUMMARY_MS);
  timer.unref();
  signal.addEventListener(
    'abort',
    () => {
      clearInterval(timer);
      sub.unsubscribe();
    },
    { once: true },
  );
}
