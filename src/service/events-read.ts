/**
 * `events.read`: events after a cursor, waiting (driven by the event stream, never polling)
 * up to `waitMs` for the first matching one.
 */
import type { MethodParams, MethodResult } from '../../protocol/src/index.js';
import type { EventLog } from '../cache/api.js';
import { abortError } from '../errors.js';

/** Resolve on the log's next event, or false at the deadline; rejects when the signal aborts. */
function nextEvent(log: EventLog, deadline: number, signal: AbortSignal): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = (): void => {
      finish();
      reject(abortError(signal));
    };
    const timer = setTimeout(
      () => {
        finish();
        resolve(false);
      },
      Math.max(0, deadline - Date.now()),
    );
    const sub = log.events$.subscribe(() => {
      finish();
      resolve(true);
    });
    function finish(): void {
      clearTimeout(timer);
      sub.unsubscribe();
      signal.removeEventListener('abort', onAbort);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function readEvents(
  log: EventLog,
  params: MethodParams<'events.read'>,
  signal: AbortSignal,
): Promise<MethodResult<'events.read'>> {
  const { waitMs, after, ...filter } = params;
  const cursor = after ?? log.seq;
  const deadline = Date.now() + waitMs;
  let result = log.read({ ...filter, after: cursor });
  while (result.events.length === 0 && Date.now() < deadline) {
    const arrived = await nextEvent(log, deadline, signal);
    if (!arrived) break;
    result = log.read({ ...filter, after: cursor });
  }
  return result;
}
