/**
 * The method table: one implementation per registry method, each a thin call into the cache,
 * executor or event log, bound through dispatch.ts (validation, then the access policy). The
 * WebSocket server, the MCP tools and the fleet all call the bound table, so a method behaves
 * the same on every transport. Subscriptions are per-connection and live in ws/.
 */
import type {
  ActionResult,
  MethodInput,
  MethodName,
  MethodParams,
  MethodResult,
  Registry,
} from '../../protocol/src/index.js';
import { PROTOCOL_VERSION, registry as protocolRegistry } from '../../protocol/src/index.js';
import { appHandlers } from '../apps/handlers.js';
import type { AccessibilityBackend } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import type { ActionMethod, CallerContext, Executor } from '../executor/api.js';
import { Pixels } from '../pixels/service.js';
import { AccessPolicy } from '../policy/access.js';
import { ClipboardService } from './clipboard.js';
import { bindTable, type Implementation } from './dispatch.js';
import { readEvents } from './events-read.js';
import { freshRead } from './fresh-reads.js';
import { healthOf } from './health.js';
import { ActionScreenshots, type ShotOptions } from './screenshots.js';
import { readTextAttributes } from './text-attributes.js';
import { SERVER_VERSION } from './version.js';
import { screenMonitors, windowOpHandlers, withPlacement } from './windows.js';

/** What implements a method: it receives params its schema has produced. */
export type Handler<N extends MethodName> = (
  params: MethodParams<N>,
  ctx: CallerContext,
) => Promise<MethodResult<N>> | MethodResult<N>;

/** A method as the table serves it: params as a caller writes them, validated and gated. */
export type TableHandler<N extends MethodName> = (
  params: MethodInput<N>,
  ctx: CallerContext,
) => Promise<MethodResult<N>>;

/** Methods whose state lives in a connection (the ws session), not in the shared table. */
export const CONNECTION_METHODS = [
  'events.subscribe',
  'events.unsubscribe',
  'tree.subscribe',
  'tree.unsubscribe',
] as const;
export type ConnectionMethod = (typeof CONNECTION_METHODS)[number];
export type TableMethod = Exclude<MethodName, ConnectionMethod>;

/** Every non-connection method of the registry, bound; a missing one is a type error. */
export type HandlerTable = { readonly [N in TableMethod]: TableHandler<N> };
type Implementations = { readonly [N in TableMethod]: Handler<N> };

export interface HandlerDeps {
  backend: AccessibilityBackend;
  cache: UiCache;
  executor: Executor;
  config: Config;
  /** Default: the policy the config sets. */
  policy?: AccessPolicy;
  /** Default: a Pixels over the same backend, cache and config (its OCR pool starts lazily). */
  pixels?: Pixels;
  /** The whole cache, denied apps included (default: `cache`): names a clipboard owner. */
  store?: UiCache;
  /** Default: the protocol's registry. */
  registry?: Registry;
  /** Implementations of methods a registry adds to the protocol's own. */
  extra?: Readonly<Record<string, Implementation>>;
}

/** Actions that change the desktop (waits do not: the registry gives them kind `read`). */
type ChangingAction = Exclude<ActionMethod, 'actions.waitFor'>;

/** Implementations that change the desktop: through the executor (with screenshots). */
function actionHandlers(deps: HandlerDeps, pixels: Pixels): Pick<Implementations, ChangingAction> {
  const { executor, config } = deps;
  const shots = new ActionScreenshots(pixels, deps.cache, config);
  const make =
    <M extends ChangingAction>(method: M): Handler<M> =>
    (params, ctx) => {
      if (method === 'actions.batch') return executor.run(method, params, ctx);
      // Every single action answers an ActionResult and takes the screenshot options.
      const run = () => executor.run(method, params, ctx) as Promise<ActionResult>;
      return shots.around(params as ShotOptions, ctx, run) as Promise<MethodResult<M>>;
    };
  return {
    'actions.click': make('actions.click'),
    'actions.type': make('actions.type'),
    'actions.keys': make('actions.keys'),
    'actions.setValue': make('actions.setValue'),
    'actions.select': make('actions.select'),
    'actions.invoke': make('actions.invoke'),
    'actions.focus': make('actions.focus'),
    'actions.scroll': make('actions.scroll'),
    'actions.scrollIntoView': make('actions.scrollIntoView'),
    'actions.drag': make('actions.drag'),
    'actions.batch': make('actions.batch'),
  };
}

async function hello(
  deps: HandlerDeps,
  pixels: Pixels,
  signal: AbortSignal,
): Promise<MethodResult<'session.hello'>> {
  const { backend, cache, config } = deps;
  const monitors = await pixels.monitors(signal);
  const caps = backend.capabilities;
  return {
    server: 'uistream',
    version: SERVER_VERSION,
    protocol: PROTOCOL_VERSION,
    backend: backend.name,
    status: cache.status,
    health: healthOf(backend, cache),
    capabilities: {
      events: Object.entries(caps.events)
        .filter(([, delivered]) => delivered)
        .map(([kind]) => kind),
      patterns: [...caps.patterns],
      input: { ...caps.input },
      readOnly: config.readOnly,
    },
    limits: {
      maxPayloadBytes: config.ws.maxPayloadBytes,
      sendQueueBytes: config.ws.sendQueueBytes,
      requestsPerSecond: config.ws.requestsPerSecond,
      maxInFlight: config.ws.maxInFlight,
      eventReplay: config.cache.eventReplay,
    },
    revision: cache.revision,
    seq: cache.events.seq,
    monitors,
  };
}

/** Build the method table over the composed services. */
export function createHandlers(deps: HandlerDeps): HandlerTable {
  const policy = deps.policy ?? AccessPolicy.of(deps.config);
  const pixels = deps.pixels ?? new Pixels({ ...deps, policy });
  const impls = { ...implementations({ ...deps, policy }, pixels), ...deps.extra };
  // Bound from the registry: every method it lists and the table implements, nothing else.
  return bindTable(deps.registry ?? protocolRegistry, policy, impls) as unknown as HandlerTable;
}

function implementations(
  deps: HandlerDeps & { policy: AccessPolicy },
  pixels: Pixels,
): Implementations {
  const { cache, executor } = deps;
  const policy = deps.policy ?? AccessPolicy.of(deps.config);
  const clipboard = new ClipboardService({ ...deps, store: deps.store ?? cache, policy });
  return {
    'session.hello': (_p, ctx) => hello(deps, pixels, ctx.signal),
    'windows.list': freshRead(cache, 'windows.list', (p, ctx) =>
      withPlacement({ ...deps, pixels }, cache.windowsList(p), ctx.signal),
    ),
    'elements.find': freshRead(cache, 'elements.find', async ({ visual, ...p }, ctx) => {
      const found = await executor.find(p, ctx);
      if (visual !== true || found.elements.length > 0) return found;
      return { ...found, visual: await pixels.findText(p, ctx.signal) };
    }),
    'elements.get': freshRead(cache, 'elements.get', (p) => cache.get(p)),
    'elements.text': freshRead(cache, 'elements.text', (p) => cache.text(p)),
    'elements.at': freshRead(cache, 'elements.at', (p) => cache.at(p)),
    'elements.textAttributes': (p, ctx) => readTextAttributes(deps.backend, cache, p, ctx.signal),
    'focus.get': freshRead(cache, 'focus.get', (p) => cache.focused(p)),
    'regions.read': freshRead(cache, 'regions.read', (p) => cache.region(p)),
    'tree.get': freshRead(cache, 'tree.get', (p) => cache.tree(p)),
    'tree.snapshot': freshRead(cache, 'tree.snapshot', (p) => cache.snapshot(p)),
    'apps.resolve': freshRead(cache, 'apps.resolve', (p) => cache.resolveApp(p)),
    'events.read': (p, ctx) => readEvents(cache.events, p, ctx.signal),
    // Waits change nothing, so they are allowed in read-only mode.
    'actions.waitFor': (p, ctx) => executor.run('actions.waitFor', p, ctx),
    'actions.cancel': (_p, ctx) => ({ cancelled: executor.cancel(ctx.clientId) }),
    'screen.capture': (p, ctx) => pixels.capture(p, ctx.signal),
    'screen.ocr': (p, ctx) => pixels.ocr(p, ctx.signal),
    'screen.ocrStatus': () => pixels.ocrStatus(),
    'clipboard.read': (p, ctx) => clipboard.read(p, ctx),
    'clipboard.write': (p, ctx) => clipboard.write(p, ctx),
    'screen.monitors': (_p, ctx) => screenMonitors(pixels, ctx.signal),
    ...windowOpHandlers(executor),
    ...actionHandlers(deps, pixels),
    ...appHandlers(deps),
  };
}

export function isConnectionMethod(name: string): name is ConnectionMethod {
  return (CONNECTION_METHODS as readonly string[]).includes(name);
}
