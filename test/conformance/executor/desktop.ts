/**
 * A real stack for executor specs: the simulated desktop, the live cache over it, and the
 * executor over both. Every spec gets a fresh one and stops it afterwards.
 */
import type { SceneInput, SimBackend } from '../../../src/backends/sim/index.js';
import { createSimBackend } from '../../../src/backends/sim/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import { createCache } from '../../../src/cache/index.js';
import { loadConfig, type ConfigInput } from '../../../src/config.js';
import type { MethodInput, MethodResult } from '../../../protocol/src/index.js';
import type { ActionMethod, CallerContext, Executor } from '../../../src/executor/api.js';
import { createExecutor } from '../../../src/executor/index.js';
import { isUiError } from '../../../src/errors.js';
import { AccessPolicy } from '../../../src/policy/access.js';
import { parse } from '../../../scripts/harness/params.js';

export interface Desktop {
  sim: SimBackend;
  cache: UiCache;
  executor: Executor;
  /** Validate `input` as the wire would and run the action. */
  run<M extends ActionMethod>(
    method: M,
    input: MethodInput<M>,
    ctx?: CallerContext,
  ): Promise<MethodResult<M>>;
  /** A caller context for `clientId` that never aborts on its own. */
  ctx(clientId?: string): CallerContext;
  /** The ref of the one element with this automation id (optionally in a window by title). */
  ref(automationId: string, window?: string): string;
  stop(): Promise<void>;
}

export interface DesktopOptions {
  scene?: SceneInput;
  executor?: ConfigInput['executor'];
  readOnly?: boolean;
}

/** Deadline of starting a desktop. */
const START_MS = 10_000;

export async function startDesktop(options: DesktopOptions = {}): Promise<Desktop> {
  const config = loadConfig({ executor: options.executor ?? {}, readOnly: options.readOnly });
  const sim = createSimBackend(options.scene === undefined ? {} : { scene: options.scene });
  const signal = AbortSignal.timeout(START_MS);
  await sim.start(signal);
  const cache = createCache(sim, config.cache);
  await cache.start(signal);
  const executor = createExecutor({
    backend: sim,
    cache,
    policy: AccessPolicy.of(config),
    config: config.executor,
  });
  const never = new AbortController().signal;
  const ctx = (clientId = 'spec'): CallerContext => ({ clientId, signal: never });
  return {
    sim,
    cache,
    executor,
    run: (method, input, context) => executor.run(method, parse(method, input), context ?? ctx()),
    ctx,
    ref(automationId, window) {
      const found = cache.find({
        automationId,
        window,
        nameMatch: 'contains',
        caseSensitive: false,
        maxResults: 2,
      });
      const [first] = found.elements;
      if (first === undefined || found.elements.length > 1) {
        throw new Error(`expected one element #${automationId}, found ${found.elements.length}`);
      }
      return first.ref;
    },
    async stop() {
      await executor.stop();
      await cache.stop();
      await sim.stop();
    },
  };
}

/** The code a rejected action carries ('resolved' when it did not reject). */
export { rejectionCode as codeOf } from '../../support/errors.js';

/** The UiError a promise rejects with (fails the spec when it resolves). */
export async function errorOf(
  work: Promise<unknown>,
): Promise<{ code: string; details: Record<string, unknown> }> {
  try {
    await work;
  } catch (err) {
    if (isUiError(err)) return { code: err.code, details: err.details ?? {} };
    throw err;
  }
  throw new Error('expected a rejection');
}

export { parse };
