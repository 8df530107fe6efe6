/**
 * The executor: the one path by which anything changes the desktop. An action is checked by
 * the safety gate, given a deadline, planned from the cache (target, actionability, lane),
 * queued on its lane, performed, settled, and answered with what it caused. Every outcome is
 * written to the audit log before the caller hears it.
 */
import type { ActionResult, MethodParams, MethodResult } from '../../protocol/src/index.js';
import type { AccessibilityBackend } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import { BackendUnavailableError, CancelledError, isUiError } from '../errors.js';
import { runBatch } from './actions/batch.js';
import type { ActionMethod, CallerContext, Executor } from './api.js';
import { describeTarget, NO_AUDIT, openAuditLog, type AuditLog } from './audit.js';
import { performAction, planAction, dryRunResult, type PlannedMethod } from './perform.js';
import { waitFor } from './actions/wait-for.js';
import { createProgress } from './progress.js';
import { LaneQueue } from './queue.js';
import { SafetyGate } from './safety.js';
import { waitForValue } from './waits.js';

export interface ExecutorDeps {
  backend: AccessibilityBackend;
  cache: UiCache;
  config: Config['executor'];
  readOnly: boolean;
}

/** Extra time a wait's own deadline gets over its limit, so its own clearer error wins. */
const WAIT_GRACE_MS = 50;

/** Build the executor. It owns the audit file (closed by stop()). */
export function createExecutor(deps: ExecutorDeps): Executor {
  const { backend, cache, config } = deps;
  const gate = new SafetyGate({
    readOnly: deps.readOnly,
    dryRun: config.dryRun,
    denyApps: config.denyApps,
    rateLimitPerSec: config.rateLimitPerSec,
  });
  const queue = new LaneQueue(config.queueLimit);
  const audit: AuditLog = config.auditLog === undefined ? NO_AUDIT : openAuditLog(config.auditLog);
  const active = new Map<string, Set<AbortController>>();
  let stopped = false;

  /** Track a call so cancel(clientId) can abort it; returns the untrack function. */
  function track(clientId: string, controller: AbortController): () => void {
    const set = active.get(clientId) ?? new Set<AbortController>();
    set.add(controller);
    active.set(clientId, set);
    return () => {
      set.delete(controller);
      if (set.size === 0) active.delete(clientId);
    };
  }

  /** Run one call with tracking and an audit line for its outcome. */
  async function audited<T>(
    clientId: string,
    action: string,
    target: unknown,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    if (stopped) throw new BackendUnavailableError('the executor has stopped');
    const controller = new AbortController();
    const untrack = track(clientId, controller);
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
      audit.write({
        time: new Date().toISOString(),
        client: clientId,
        action,
        target: describeTarget(target),
        outcome,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      });
    }
  }

  async function runPlanned(
    method: PlannedMethod,
    params: MethodParams<PlannedMethod>,
    ctx: CallerContext,
    tracked: AbortSignal,
  ): Promise<ActionResult> {
    const started = performance.now();
    const progress = createProgress({
      timeoutMs: params.timeoutMs,
      signals: [ctx.signal, tracked],
      label: method,
    });
    try {
      const env = {
        backend,
        cache,
        gate,
        progress,
        waitMs: params.waitMs,
        allowInput: params.allowInput,
      };
      const plan = await planAction(method, env, params);
      if (gate.isDryRun(params.dryRun)) return dryRunResult(method, env, plan, started);
      return await queue.submit(plan.lane, progress.signal, () =>
        performAction(method, env, plan, params, started),
      );
    } finally {
      progress.dispose();
    }
  }

  async function runWait(
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
      return await waitFor(cache, params, progress);
    } finally {
      progress.dispose();
    }
  }

  function runOne(
    method: ActionMethod,
    params: unknown,
    ctx: CallerContext,
    rateChecked: boolean,
  ): Promise<unknown> {
    const target = (params as { target?: unknown }).target;
    return audited(ctx.clientId, method, target, async (tracked) => {
      gate.checkReadOnly(method);
      if (!rateChecked) gate.checkRate(ctx.clientId);
      if (method === 'actions.waitFor') {
        return runWait(params as MethodParams<'actions.waitFor'>, ctx, tracked);
      }
      if (method === 'actions.batch') {
        const batchCtx = { clientId: ctx.clientId, signal: AbortSignal.any([ctx.signal, tracked]) };
        return runBatch(params as MethodParams<'actions.batch'>, (step, stepParams) =>
          runOne(step, stepParams, batchCtx, true),
        );
      }
      return runPlanned(method, params as MethodParams<PlannedMethod>, ctx, tracked);
    });
  }

  return {
    run: (method, params, ctx) =>
      runOne(method, params, ctx, false) as Promise<MethodResult<typeof method>>,

    cancel(clientId) {
      const set = active.get(clientId);
      if (set === undefined) return 0;
      const controllers = [...set];
      for (const c of controllers) c.abort(new CancelledError(`cancelled by ${clientId}`));
      return controllers.length;
    },

    async find(params, ctx) {
      const { timeoutMs, ...query } = params;
      const progress = createProgress({
        timeoutMs: timeoutMs + WAIT_GRACE_MS,
        signals: [ctx.signal],
        label: 'elements.find',
      });
      try {
        const found = await waitForValue(
          cache,
          () => findOrNothing(cache, query),
          progress.signal,
          timeoutMs,
        );
        return found ?? cache.find(query);
      } finally {
        progress.dispose();
      }
    },

    stats: () => queue.stats(),

    stop() {
      stopped = true;
      for (const set of active.values()) {
        for (const c of set) c.abort(new CancelledError('the executor is stopping'));
      }
      audit.close();
      return Promise.resolve();
    },
  };
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
