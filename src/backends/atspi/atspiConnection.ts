/**
 * One connection to the accessibility bus and everything that lives as long as it: the bus, the
 * health guard, event registration, the reader, the signal mapper and the actions. Opened at start
 * and after every reconnection; the backend keeps the rest (batching, settling, the X server's
 * view) across connections.
 */
import type { Subscription } from 'rxjs';
import type { BackendEvent } from '../backend.js';
import { AtspiActions } from './atspiActions.js';
import { AtspiBus } from './atspiBus.js';
import { delay, registerEvents, registryOwner, resolveA11yAddress } from './atspiConnect.js';
import { MATCH_RULES, AtspiEventMapper, type SignalMessage } from './atspiEvents.js';
import { AtspiReader, type AppInfo } from './atspiFetch.js';
import type { AppGuard } from './atspiGuard.js';
import { guardBus } from './atspiHealth.js';
import type { XInput } from './atspiInput.js';
import type { RealInputDeps } from './atspiRealInput.js';
import type { ToolkitPolicies } from './atspiToolkits.js';

export interface AtspiBackendOptions {
  /** Accessibility bus address; default AT_SPI_BUS_ADDRESS, else asked of the session bus. */
  a11yBusAddress?: string;
  /** Environment for finding the buses and for xdotool (DISPLAY). Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** D-Bus calls in flight at once. */
  concurrency?: number;
  /** Deadline of one D-Bus call; an app that misses it is quarantined as not responding. */
  callTimeoutMs?: number;
  /** Where app health (a read that killed or hung an app) is logged. Default: stderr. */
  log?: (line: string) => void;
}

/** Everything that lives as long as one bus connection. */
export interface Connection {
  bus: AtspiBus;
  reader: AtspiReader;
  mapper: AtspiEventMapper;
  actions: AtspiActions;
  subscription: Subscription;
  guard: AppGuard;
}

export interface ConnectionSettings {
  /** Accessibility bus address; undefined: AT_SPI_BUS_ADDRESS, else the session bus's answer. */
  address: string | undefined;
  env: NodeJS.ProcessEnv;
  concurrency: number;
  callTimeoutMs: number;
  /** Learned per-toolkit refusals, kept by the backend across connections. */
  policies: ToolkitPolicies;
  /** Aborted when the backend stops. */
  lifetime: AbortSignal;
  x: XInput;
  log: ((line: string) => void) | undefined;
}

/** What the connection reports to, and asks of, the backend that owns it. */
export interface ConnectionHooks {
  emit: (events: readonly BackendEvent[]) => void;
  appInfo: (busName: string, signal: AbortSignal) => Promise<AppInfo>;
  /** The screen origin of an X window (GTK 4 reports extents relative to its window). */
  originOf: NonNullable<RealInputDeps['xOrigin']>;
  /** X pixels per pixel of an app's extents (atspiCoordinates.ts). */
  scaleOf: NonNullable<RealInputDeps['scaleOf']>;
  onSignal: (mapper: AtspiEventMapper, msg: SignalMessage) => void;
  onLost: (bus: AtspiBus, err: Error) => void;
}

/** Connect, register for events and build the readers; a failure leaves nothing open. */
export async function openConnection(
  settings: ConnectionSettings,
  hooks: ConnectionHooks,
  signal: AbortSignal,
): Promise<Connection> {
  const address = await resolveA11yAddress(settings.address, settings.env, signal);
  const bus = await AtspiBus.connect(
    address,
    { concurrency: settings.concurrency, callTimeoutMs: settings.callTimeoutMs },
    signal,
  );
  const sinks = { emit: hooks.emit, log: settings.log };
  const guard = guardBus(bus, settings.policies, sinks, settings.lifetime);
  try {
    for (const rule of MATCH_RULES) await bus.addMatch(rule, signal);
    await registerEvents(bus, signal);
    const owner = await registryOwner(bus, signal);
    const reader = new AtspiReader(bus, hooks.appInfo);
    const mapper = new AtspiEventMapper(reader, owner, (s) => registerEvents(bus, s));
    const pidOf = async (name: string, s: AbortSignal) => (await hooks.appInfo(name, s)).pid;
    const actions = new AtspiActions(
      reader,
      settings.x,
      pidOf,
      hooks.emit,
      hooks.originOf,
      hooks.scaleOf,
    );
    const subscription = bus.signals$.subscribe((msg) => hooks.onSignal(mapper, msg));
    void bus.closed.then((err) => hooks.onLost(bus, err));
    return { bus, reader, mapper, actions, subscription, guard };
  } catch (err) {
    guard.stop();
    bus.disconnect();
    throw err;
  }
}

const BACKOFF_MS = [100, 250, 500, 1_000, 2_000, 5_000] as const;
/** One reconnection attempt's deadline. */
const ATTEMPT_MS = 10_000;

/**
 * Open a new connection after the bus went away, with growing pauses between attempts, until one
 * opens; undefined when the backend stopped first.
 */
export async function reconnect(
  open: (signal: AbortSignal) => Promise<Connection>,
  lifetime: AbortSignal,
  stopped: () => boolean,
): Promise<Connection | undefined> {
  for (let attempt = 0; !stopped(); attempt++) {
    await delay(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 5_000, lifetime);
    if (stopped()) return undefined;
    try {
      return await open(AbortSignal.any([lifetime, AbortSignal.timeout(ATTEMPT_MS)]));
    } catch {
      // Keep retrying with backoff until stopped.
    }
  }
  return undefined;
}
