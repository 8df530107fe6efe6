/**
 * The apps methods of the method table. Launch and close run through the executor's
 * operation door (policy, rate, cancel, audit line); the list is a read.
 */
import type { MethodParams, MethodResult } from '../../protocol/src/index.js';
import type { AccessibilityBackend } from '../backends/backend.js';
import type { BackendApps } from '../backends/apps.js';
import type { UiCache } from '../cache/api.js';
import { NotSupportedError } from '../errors.js';
import type { CallerContext, Executor } from '../executor/api.js';
import type { AccessPolicy } from '../policy/access.js';
import { closeApp } from './close.js';
import { describeLaunch, launchApp } from './launch.js';
import { listRunning } from './running.js';

export interface AppHandlerDeps {
  backend: AccessibilityBackend;
  cache: UiCache;
  executor: Executor;
  policy: AccessPolicy;
}

type Handler<N extends 'apps.list' | 'apps.launch' | 'apps.close'> = (
  params: MethodParams<N>,
  ctx: CallerContext,
) => Promise<MethodResult<N>>;

function controlOf(backend: AccessibilityBackend): BackendApps {
  if (backend.appControl !== undefined) return backend.appControl;
  throw new NotSupportedError(`the ${backend.name} backend cannot launch or close apps`);
}

export function appHandlers(deps: AppHandlerDeps): {
  'apps.list': Handler<'apps.list'>;
  'apps.launch': Handler<'apps.launch'>;
  'apps.close': Handler<'apps.close'>;
} {
  const { backend, cache, executor, policy } = deps;
  return {
    'apps.list': async (_p, ctx) => {
      const apps = await listRunning(cache, backend.appControl, policy, ctx.signal);
      return { revision: cache.revision, apps };
    },
    'apps.launch': (p, ctx) =>
      executor.runOperation('apps.launch', describeLaunch(p), ctx, (signal) =>
        launchApp({ cache, policy, control: controlOf(backend) }, p, signal),
      ),
    'apps.close': (p, ctx) =>
      executor.runOperation('apps.close', `${p.app}${p.force ? ' (force)' : ''}`, ctx, (signal) =>
        closeApp({ cache, policy, control: controlOf(backend) }, p, signal),
      ),
  };
}
