/**
 * Never harm the target: every call to an app passes through this guard. It refuses calls the
 * app's toolkit cannot take (atspiToolkits.ts), makes the first call of each kind on a toolkit
 * alone (no other call to that app in flight) so that a call that kills or wedges an app is
 * known exactly and never made on that toolkit again, and quarantines an app that stops
 * answering: its calls fail fast with app_not_responding while it is re-probed with backoff, and
 * the rest of the desktop stays live.
 */
import {
  AppNotRespondingError,
  PatternNotSupportedError,
  TimeoutError,
  UiError,
} from '../../errors.js';
import type { CallSpec } from './atspiBus.js';
import {
  answeredWithError,
  ATSPI_PREFIX,
  callNameOf,
  dbusErrorName,
  isRead,
  PROPERTIES_IFACE as PROPS,
} from './atspiCallKinds.js';
import { AppLock } from './atspiLock.js';
import { readToolkit, ROOT_PATH, UNKNOWN_TOOLKIT } from './atspiToolkitRead.js';
import { laneDepthOf, toolkitKey, type Toolkit, type ToolkitPolicies } from './atspiToolkits.js';

/** A call made without the guard, with its own deadline. */
export type RawCall = (
  spec: CallSpec,
  signal: AbortSignal,
  timeoutMs?: number,
) => Promise<unknown[]>;

/** What a hang says about its call: made alone first, then twice, it is forbidden. */
export type HangVerdict = 'unknown' | 'suspect' | 'forbidden';
/** What the guard saw happen to an app, for logs, status and events. */
export type HealthReport =
  | { kind: 'killed'; app: string; toolkit: string; call: string }
  /** The app exited while `call` was in flight with others: not known to be the cause. */
  | { kind: 'exited'; app: string; toolkit: string; call: string }
  | { kind: 'hung'; app: string; toolkit: string; call: string; verdict: HangVerdict }
  | { kind: 'recovered'; app: string; toolkit: string }
  | { kind: 'gone'; app: string; toolkit: string };

export interface GuardOptions {
  raw: RawCall;
  policies: ToolkitPolicies;
  report: (r: HealthReport) => void;
  /** Waits between re-probes of a quarantined app. */
  probeBackoffMs: readonly number[];
  /** Deadline of one re-probe. */
  probeTimeoutMs: number;
  /** Ends re-probing when the backend stops. */
  lifetime: AbortSignal;
}

interface AppState {
  busName: string;
  toolkit: Promise<Toolkit>;
  /** The toolkit read failed (a GTK 4 app's root is not exported yet): read it again. */
  toolkitUnread?: boolean;
  /** Its toolkit's lane depth, once the toolkit is known (no lane before). */
  laneDepth?: number;
  lock: AppLock;
  quarantine?: {
    reason: string;
    toolkit: string;
    attempt: number;
    suspect?: string;
    timer?: NodeJS.Timeout;
  };
}

export class AppGuard {
  private readonly apps = new Map<string, AppState>();

  constructor(private readonly options: GuardOptions) {}

  /** Apps currently quarantined, with their toolkit and the call that got no reply. */
  quarantined(): { app: string; toolkit: string; reason: string }[] {
    const held: { app: string; toolkit: string; reason: string }[] = [];
    for (const { busName, quarantine: q } of this.apps.values()) {
      if (q !== undefined) held.push({ app: busName, toolkit: q.toolkit, reason: q.reason });
    }
    return held;
  }

  /** Run one call to an app under the guard. Calls to the bus daemon or registry pass through. */
  async run(
    spec: CallSpec,
    signal: AbortSignal,
    call: () => Promise<unknown[]>,
  ): Promise<unknown[]> {
    if (!spec.dest.startsWith(':')) return call();
    if (spec.iface === PROPS && spec.member === 'GetAll') {
      throw new PatternNotSupportedError(
        'Properties.GetAll is never sent to an app (it crashes Qt 5 and Chromium bridges)',
      );
    }
    const name = callNameOf(spec);
    const app = this.stateOf(spec.dest);
    this.throwIfQuarantined(app, name);
    const toolkit = await app.toolkit;
    const refusal = this.options.policies.refusal(toolkit, name);
    if (refusal !== undefined) {
      throw new PatternNotSupportedError(
        `${name} is not made on ${toolkitKey(toolkit)}: ${refusal}`,
      );
    }
    const read = isRead(spec);
    const { alone, release } = await app.lock.acquire(
      () => read && !this.options.policies.isProven(toolkit, name),
      signal,
    );
    try {
      this.throwIfQuarantined(app, name);
      const body = await call();
      if (alone) this.options.policies.markProven(toolkit, name);
      return body;
    } catch (err) {
      // The caller's own deadline or cancel says nothing about the app.
      if (signal.aborted) throw err;
      throw await this.judge(app, toolkit, name, alone, err);
    } finally {
      release();
    }
  }

  stop(): void {
    for (const app of this.apps.values()) clearTimeout(app.quarantine?.timer);
    this.apps.clear();
  }
  /** The toolkit an app names itself with (read once per app, before its first call). */
  toolkitOf(busName: string): Promise<Toolkit> {
    return this.stateOf(busName).toolkit;
  }

  laneDepthOf(busName: string): number {
    return this.apps.get(busName)?.laneDepth ?? Infinity;
  }

  private stateOf(busName: string): AppState {
    let app = this.apps.get(busName);
    if (app === undefined) {
      app = { busName, toolkit: Promise.resolve(UNKNOWN_TOOLKIT), lock: new AppLock() };
      app.toolkit = this.lookupToolkit(app);
      this.apps.set(busName, app);
    } else if (app.toolkitUnread === true) {
      app.toolkitUnread = false;
      app.toolkit = this.lookupToolkit(app);
    }
    return app;
  }

  private async lookupToolkit(app: AppState): Promise<Toolkit> {
    try {
      const toolkit = await readToolkit(this.options.raw, app.busName, this.options.lifetime);
      app.laneDepth = laneDepthOf(toolkit);
      return toolkit;
    } catch (err) {
      if (err instanceof TimeoutError)
        this.quarantine(app, UNKNOWN_TOOLKIT, 'Application.ToolkitName', false);
      else app.toolkitUnread = true;
      return { ...UNKNOWN_TOOLKIT, unread: true };
    }
  }

  private throwIfQuarantined(app: AppState, call: string): void {
    const q = app.quarantine;
    if (q === undefined) return;
    throw new AppNotRespondingError(`${call}: app ${app.busName} is not responding (${q.reason})`, {
      details: { app: app.busName },
    });
  }

  /** Decide what a failed call means for its app; returns the error to raise. */
  private async judge(
    app: AppState,
    toolkit: Toolkit,
    call: string,
    alone: boolean,
    err: unknown,
  ): Promise<unknown> {
    if (err instanceof TimeoutError) {
      this.quarantine(app, toolkit, call, alone);
      return new AppNotRespondingError(`${call}: app ${app.busName} ${err.message}`, {
        cause: err,
        details: { app: app.busName },
      });
    }
    const type = dbusErrorName(err);
    // An error reply (no such property, say) is the app answering: the call is safe to make.
    if (alone && answeredWithError(type)) this.options.policies.markProven(toolkit, call);
    const diedDuring = type.endsWith('.NoReply') || type.endsWith('.Disconnected');
    if (err instanceof UiError && diedDuring && !(await this.hasOwner(app.busName))) {
      const first = this.apps.get(app.busName) === app;
      this.apps.delete(app.busName);
      // Only a call made alone is known to be the one that killed the app.
      if (alone) this.forbidAfterKill(app, toolkit, call);
      else if (first) this.reportExit(app, toolkit, call);
    }
    return err;
  }

  /** Said once per app: its other calls in flight fail alike as it goes. */
  private reportExit(app: AppState, toolkit: Toolkit, call: string): void {
    this.options.report({ kind: 'exited', app: app.busName, toolkit: toolkitKey(toolkit), call });
  }

  private forbidAfterKill(app: AppState, toolkit: Toolkit, call: string): void {
    this.options.policies.forbid(toolkit, call, `an app of this toolkit exited during ${call}`);
    this.options.report({ kind: 'killed', app: app.busName, toolkit: toolkitKey(toolkit), call });
  }

  /**
   * A call made alone that got no reply is a suspect, not yet a culprit: a busy app (loading a
   * long list, say) misses a deadline too. It is forbidden on its toolkit when it does so a
   * second time, or when its app never answers again (see probe).
   */
  private quarantine(app: AppState, toolkit: Toolkit, call: string, alone: boolean): void {
    let verdict: HangVerdict = alone ? 'suspect' : 'unknown';
    if (alone && this.options.policies.strike(toolkit, call) >= 2) {
      this.forbidHang(toolkit, call);
      verdict = 'forbidden';
    }
    const suspect = verdict === 'suspect' ? call : undefined;
    if (app.quarantine !== undefined) {
      app.quarantine.suspect ??= suspect;
      return;
    }
    const reason = `${call} got no reply`;
    app.quarantine = { reason, toolkit: toolkitKey(toolkit), attempt: 0, suspect };
    this.options.report({
      kind: 'hung',
      app: app.busName,
      toolkit: toolkitKey(toolkit),
      call,
      verdict,
    });
    this.scheduleProbe(app);
  }

  private forbidHang(toolkit: Toolkit, call: string): void {
    const reason = `an app of this toolkit stopped answering on ${call}`;
    this.options.policies.forbid(toolkit, call, reason);
  }

  private scheduleProbe(app: AppState): void {
    const q = app.quarantine;
    if (q === undefined || this.options.lifetime.aborted) return;
    const { probeBackoffMs } = this.options;
    const wait = probeBackoffMs[Math.min(q.attempt, probeBackoffMs.length - 1)] ?? 5_000;
    q.timer = setTimeout(() => void this.probe(app), wait);
  }

  /** Ask the app's root for its role; an answer ends the quarantine, a vanished name the app. */
  private async probe(app: AppState): Promise<void> {
    const q = app.quarantine;
    if (q === undefined || this.apps.get(app.busName) !== app) return;
    const spec = {
      dest: app.busName,
      path: ROOT_PATH,
      iface: `${ATSPI_PREFIX}Accessible`,
      member: 'GetRole',
    };
    try {
      await this.options.raw(spec, this.options.lifetime, this.options.probeTimeoutMs);
      app.quarantine = undefined;
      app.toolkit = this.lookupToolkit(app);
      this.options.report({
        kind: 'recovered',
        app: app.busName,
        toolkit: toolkitKey(await app.toolkit),
      });
    } catch {
      if (this.options.lifetime.aborted) return;
      const toolkit = await app.toolkit;
      if (!(await this.hasOwner(app.busName))) {
        if (q.suspect !== undefined) this.forbidHang(toolkit, q.suspect);
        this.apps.delete(app.busName);
        this.options.report({
          kind: 'gone',
          app: app.busName,
          toolkit: toolkitKey(toolkit),
        });
        return;
      }
      q.attempt++;
      // Still silent after the whole backoff schedule: the suspect call wedged it.
      if (q.suspect !== undefined && q.attempt >= this.options.probeBackoffMs.length) {
        this.forbidHang(toolkit, q.suspect);
      }
      this.scheduleProbe(app);
    }
  }

  private async hasOwner(busName: string): Promise<boolean> {
    try {
      const [owned] = await this.options.raw(
        {
          dest: 'org.freedesktop.DBus',
          path: '/org/freedesktop/DBus',
          iface: 'org.freedesktop.DBus',
          member: 'NameHasOwner',
          signature: 's',
          body: [busName],
        },
        this.options.lifetime,
      );
      return owned === true;
    } catch {
      return true;
    }
  }
}
