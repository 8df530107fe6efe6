/**
 * What the guard sees happen to apps, told to everyone who should know: a log line naming the
 * app, its toolkit and the call, and a backend status event (degraded while an app is
 * quarantined, ok again once none is), which the cache records in its event log and reports in
 * session.hello, /health and ui_status. An app that answers again has its windows re-read.
 */
import type { BackendEvent } from '../backend.js';
import type { AtspiBus } from './atspiBus.js';
import { AppGuard, type HealthReport } from './atspiGuard.js';
import { DESKTOP_ID } from './atspiIds.js';
import type { ToolkitPolicies } from './atspiToolkits.js';

/** Waits between re-probes of a hung app. */
const PROBE_BACKOFF_MS = [250, 500, 1_000, 2_000, 5_000, 10_000] as const;
const PROBE_TIMEOUT_MS = 1_000;

export interface HealthSinks {
  emit(events: readonly BackendEvent[]): void;
  /** Where report lines go; stderr by default. */
  log?: (line: string) => void;
}

const HANG_VERDICT_TEXT = {
  unknown: () => '',
  suspect: (call: string, toolkit: string) =>
    `; ${call} is no longer made on ${toolkit} if the app stays silent or it happens again`,
  forbidden: (call: string, toolkit: string) => `; ${call} is no longer made on ${toolkit}`,
} as const;

const logToStderr = (line: string): void => void process.stderr.write(`uistream atspi: ${line}\n`);

/** One sentence for a report. */
export function describeReport(r: HealthReport): string {
  const app = `app ${r.app} (${r.toolkit})`;
  switch (r.kind) {
    case 'killed':
      return `${app} exited during ${r.call}; ${r.call} is no longer made on ${r.toolkit}`;
    case 'exited':
      return (
        `${app} exited while ${r.call} was in flight with other calls (not known to be the ` +
        `cause, so still made); its elements answer element_stale`
      );
    case 'hung':
      return (
        `${app} is not responding (${r.call} got no reply); its calls fail fast as ` +
        `app_not_responding until it answers` +
        HANG_VERDICT_TEXT[r.verdict](r.call, r.toolkit)
      );
    case 'recovered':
      return `${app} answers again`;
    case 'gone':
      return `${app} exited while not responding`;
  }
}

/** A guard for one bus connection, reporting to `sinks`. */
export function guardBus(
  bus: AtspiBus,
  policies: ToolkitPolicies,
  sinks: HealthSinks,
  lifetime: AbortSignal,
): AppGuard {
  const report = (r: HealthReport): void => {
    const reason = describeReport(r);
    (sinks.log ?? logToStderr)(reason);
    const held = guard.quarantined();
    const status = held.length > 0 ? 'degraded' : 'ok';
    const detail =
      held.length > 0 && r.kind !== 'hung'
        ? `${reason}; still quarantined: ${held.map((q) => `${q.app}: ${q.reason}`).join(', ')}`
        : reason;
    const events: BackendEvent[] = [{ type: 'status', status, reason: detail }];
    if (r.kind === 'recovered')
      events.push({ type: 'structure', change: 'invalidated', id: DESKTOP_ID });
    sinks.emit(events);
  };
  const guard = new AppGuard({
    raw: (spec, signal, timeoutMs) => bus.unguarded(spec, signal, timeoutMs),
    policies,
    report,
    probeBackoffMs: PROBE_BACKOFF_MS,
    probeTimeoutMs: PROBE_TIMEOUT_MS,
    lifetime,
  });
  bus.setGuard(guard);
  return guard;
}
