/**
 * The executor: the one path by which anything changes the desktop. An action is checked by
 * the access policy and the client's rate, given a deadline, planned from the cache (target, actionability, lane),
 * queued on its lane, performed, settled, and answered with what it caused. Every outcome is
 * written to the audit log before the caller hears it.
 */
import {
  getMethod,
  type ActionResult,
  type MethodName,
  type MethodParams,
  type MethodResult,
} from '../../protocol/src/index.js';
import type { AccessibilityBackend } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import type { AccessPolicy } from '../policy/access.js';
import { BackendUnavailableError, CancelledError, isUiError } from '../errors.js';
import { runBatch } from './actions/batch.js';
import type { ActionMethod, CallerContext, Executor } from './api.js';
import { describeTarget, NO_AUDIT, openAuditLog, type AuditLog } from './audit.js';
import { performAction, planAction, dryRunResult, type PlannedMethod } from './perform.js';
import { waitFor } from './actions/wait-for.js';
import { trackInput } from './focus-policy.js';
import { createProgress } from './progress.js';
import { LaneQueue } from './queue.js';
import { ActionRateLimit } from './rate.js';
import { waitForValue } from './waits.js';
import { runWindowOp, type WindowOpMethod, type WindowOpParams } from './window-op.js';

export interface ExecutorDeps {
  backend: AccessibilityBackend;
  /** The whole cache: a denied app must be seen to be refused. */
  cache: UiCache;
  /** Who may act on what; finds and waits answer from its view of the cache. */
  policy: AccessPolicy;
  config: Config['executor'];
}

/** Extra time a wait's own deadline gets over its limit, so its own clearer error wins. */
const WAIT_GRACE_MS = 50;

/** Build the executor. It owns the audit file (closed by stop()). */
export function createExecutor(deps: ExecutorDeps): Executor {
  return new ActionExecutor(deps);
}

class ActionExecutor implements Executor {
  private readonly backend: AccessibilityBackend;
  private readonly cache: UiCache;
  private readonly reads: UiCache;
  private readonly policy: AccessPolicy;
  private readonly rate: ActionRateLimit;
  private readonly queue: LaneQueue;
  private readonly audit: AuditLog;
  /** Server-wide defaults for the options a caller leaves out. */
  private readonly defaults: { timeoutMs: number; settleMs: number };
  private readonly refreshAfterAction: boolean;
  /** Calls in flight per client, so cancel(clientId) can abort them. */
  private readonly active = new Map<string, Set<AbortController>>();
  private stopped = false;

  constructor(deps: ExecutorDeps) {
    const { config } = deps;
    this.backend = deps.backend;
    this.cache = deps.cache;
    this.policy = deps.policy;
    this.reads = deps.policy.visible(deps.cache);
    this.rate = new ActionRateLimit(config);
    this.queue = new LaneQueue(config.queueLimit);
    this.defaults = { timeoutMs: config.defaultTimeoutMs, settleMs: config.settleMs };
    this.refreshAfterAction = config.refreshAfterAction;
    this.audit = config.auditLog === undefined ? NO_AUDIT : openAuditLog(config.auditLog);
  }

  run<M extends ActionMethod>(
    method: M,
    params: MethodParams<M>,
    ctx: CallerContext,
  ): Promise<MethodResult<M>> {
    return this.runOne(method, params, ctx, false) as Promise<MethodResult<M>>;
  }

  runOperation<T>(
    method: MethodName,
    target: string | null,
    ctx: CallerContext,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    return this.audited(ctx.clientId, method, target, async (tracked) => {
      const def = getMethod(method);
      if (def !== undefined) this.policy.checkMethod(def);
      this.rate.checkRate(ctx.clientId);
      return await work(AbortSignal.any([ctx.signal, tracked]));
    });
  }

  cancel(clientId: string): number {
    const controllers = [...(this.active.get(clientId) ?? [])];
    for (const c of controllers) c.abort(new CancelledError(`cancelled by ${clientId}`));
    return controllers.length;
  }

  async find(
    params: MethodParams<'elements.find'>,
    ctx: CallerContext,
  ): Promise<MethodResult<'elements.find'>> {
    const { timeoutMs, ...query } = params;
    const progress = createProgress({
      timeoutMs: timeoutMs + WAIT_GRACE_MS,
      signals: [ctx.signal],
      label: 'elements.find',
    });
    try {
      const evaluate = (): MethodResult<'elements.find'> | undefined =>
        findOrNothing(this.reads, query);
      const found = await waitForValue(this.reads, evaluate, progress.signal, timeoutMs);
      return found ?? this.reads.find(query);
    } finally {
      progress.dispose();
    }
  }

  windowOp(method: WindowOpMethod, params: WindowOpParams, ctx: CallerContext) {
    return this.audited(ctx.clientId, method, params.window, async (tracked) => {
      const def = getMethod(method);
      if (def !== undefined) this.policy.checkMethod(def);
      this.rate.checkRate(ctx.clientId);
      const progress = createProgress({
        timeoutMs: params.timeoutMs ?? this.defaults.timeoutMs,
        signals: [ctx.signal, tracked],
        label: method,
      });
      const env = { backend: this.backend, cache: this.cache, policy: this.policy, progress };
      try {
        return await runWindowOp(env, method, params, (lane, work) =>
          this.queue.submit(lane, progress.signal, work),
        );
      } finally {
        progress.dispose();
      }
    });
  }

  stats(): ReturnType<Executor['stats']> {
    return this.queue.stats();
  }

  stop(): Promise<void> {
    this.stopped = true;
    for (const set of this.active.values()) {
      for (const c of set) c.abort(new CancelledError('the executor is stopping'));
    }
    this.audit.close();
    return Promise.resolve();
  }

  /** Gate, track and audit one call, then hand it to its kind of runner. */
  private runOne(
    method: ActionMethod,
    params: unknown,
    ctx: CallerContext,
    rateChecked: boolean,
  ): Promise<unknown> {
    const target = (params as { target?: unknown }).target;
    return this.audited(ctx.clientId, method, target, async (tracked) => {
      const def = getMethod(method);
      if (def !== undefined) this.policy.checkMethod(def);
      if (!rateChecked) this.rate.checkRate(ctx.clientId);
      if (method === 'actions.waitFor') {
        return this.runWait(params as MethodParams<'actions.waitFor'>, ctx, tracked);
      }
      if (method === 'actions.batch') {
        const signal = AbortSignal.any([ctx.signal, tracked]);
        const batchCtx = { clientId: ctx.clientId, signal };
        return runBatch(params as MethodParams<'actions.batch'>, (step, stepParams) =>
          this.runOne(step, stepParams, batchCtx, true),
        );
      }
      return this.runPlanned(method, params as MethodParams<PlannedMethod>, ctx, tracked);
    });
  }

  /** Track a call so cancel(clientId) can abort it; returns the untrack function. */
  private track(clientId: string, controller: AbortController): () => void {
    const set = this.active.get(clientId) ?? new Set<AbortController>();
    set.add(controller);
    this.active.set(clientId, set);
    return () => {
      set.delete(controller);
      if (set.size === 0) this.active.delete(clientId);
    };
  }

  /** Run one call with tracking and an audit line for its outcome. */
  private async audited<T>(
    clientId: string,
    action: string,
    target: unknown,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    if (this.stopped) throw new BackendUnavailableError('the executor has stopped');
    const controller = new AbortController();
    const untrack = this.track(clientId, controller);
    const started = performance.now();
    let outcome = 'ok';
    try {
      const result = await work(controller.signal);
      if (isDryRun(result)) outcome = 'dry_run';
      return result;
    } catch (err) {
      outcome = isUiError(err) ? err.code : 'internal';
      throw err;
    } finally {
      untrack();
      // The record is built only for a real log (a date string and a target description).
      if (this.audit !== NO_AUDIT) {
        this.audit.write({
          time: new Date().toISOString(),
          client: clientId,
          action,
          target: describeTarget(target),
          outcome,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        });
      }
    }
  }

  /** Plan from the cache, then perform in the plan's lane (or only report, in a dry run). */
  private async runPlanned(
    method: PlannedMethod,
    params: MethodParams<PlannedMethod>,
    ctx: CallerContext,
    tracked: AbortSignal,
  ): Promise<ActionResult> {
    const started = performance.now();
    const progress = createProgress({
      timeoutMs: params.timeoutMs ?? this.defaults.timeoutMs,
      signals: [ctx.signal, tracked],
      label: method,
    });
    const settle = {
      settleMs: params.settleMs ?? this.defaults.settleMs,
      includePatches: params.includePatches,
    };
    try {
      const tracking = trackInput(this.backend);
      const env = {
        backend: tracking.backend,
        cache: this.cache,
        policy: this.policy,
        progress,
        waitMs: params.waitMs,
        allowInput: params.allowInput,
        refreshAfterAction: this.refreshAfterAction,
        focusPolicy: params.focusPolicy,
      };
      const plan = await planAction(method, env, params);
      if (this.policy.isDryRun(params.dryRun)) return dryRunResult(method, env, plan, started);
      progress.step(`waiting for its turn on the ${plan.lane} lane: ${plan.description}`);
      return await this.queue.submit(plan.lane, progress.signal, () =>
        performAction(
          method,
          env,
          plan,
          { ...settle, tracking: { usage: tracking.usage, raw: this.backend } },
          started,
        ),
      );
    } finally {
      progress.dispose();
    }
  }

  private async runWait(
    params: MethodParams<'actions.waitFor'>,
    ctx: CallerContext,
    tracked: AbortSignal,
  ): Promise<MethodResult<'actions.waitFor'>> {
    const progress = createProgress({
      timeoutMs: params.timeoutMs + WAIT_GRACE_MS,
      signals: [ctx.signal, tracked],
      label: 'actions.waitFor',
    });
    try {
      return await waitFor(this.reads, params, progress);
    } finally {
      progress.dispose();
    }
  }
}

function isDryRun(result: unknown): boolean {
  return (
    typeof result === 'object' &&
    result !== null &&
    (result as { dryRun?: unknown }).dryRun === true
  );
}

/** A find with at least one match, or undefined (a window that is not open yet = no match). */
function findOrNothing(
  cache: UiCache,
  query: Parameters<UiCache['find']>[0],
): MethodResult<'elements.find'> | undefined {
  try {
    const found = cache.find(query);
    return found.elements.length > 0 ? found : undefined;
  } catch (err) {
    if (isUiError(err) && err.code === 'window_not_found') return undefined;
    throw err;
  }
}
