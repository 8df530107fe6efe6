/**
 * Finding the accessibility bus: AT_SPI_BUS_ADDRESS when set, else `org.a11y.Bus.GetAddress` on
 * the session bus, asked only once the launcher owns its name (asking earlier would D-Bus-activate
 * a second launcher).
 */
import { abortError, BackendUnavailableError } from '../../errors.js';
import { AtspiBus } from './atspiBus.js';
import { REGISTERED_EVENTS } from './atspiEvents.js';
import { REGISTRY_NAME } from './atspiIds.js';

const PROBE_TIMEOUT_MS = 2_000;
const DBUS = {
  dest: 'org.freedesktop.DBus',
  path: '/org/freedesktop/DBus',
  iface: 'org.freedesktop.DBus',
};

/** The accessibility bus address, or BackendUnavailableError saying why there is none. */
export async function resolveA11yAddress(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<string> {
  if (explicit !== undefined && explicit !== '') return explicit;
  const fromEnv = env.AT_SPI_BUS_ADDRESS;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const session = env.DBUS_SESSION_BUS_ADDRESS;
  if (session === undefined || session === '') {
    throw new BackendUnavailableError('no D-Bus session (DBUS_SESSION_BUS_ADDRESS is unset)');
  }
  const bus = await AtspiBus.connect(
    session,
    { concurrency: 2, callTimeoutMs: PROBE_TIMEOUT_MS },
    signal,
  );
  try {
    const [owned] = await bus.call(
      { ...DBUS, member: 'NameHasOwner', signature: 's', body: ['org.a11y.Bus'] },
      signal,
    );
    if (owned !== true)
      throw new BackendUnavailableError('no accessibility bus launcher on the session bus');
    const [address] = await bus.call(
      { dest: 'org.a11y.Bus', path: '/org/a11y/bus', iface: 'org.a11y.Bus', member: 'GetAddress' },
      signal,
    );
    if (typeof address !== 'string' || address === '') {
      throw new BackendUnavailableError('the accessibility bus launcher gave no address');
    }
    return address;
  } finally {
    bus.disconnect();
  }
}

/**
 * True when an accessibility bus is reachable from this process's environment (for
 * `--backend auto`). Never throws; answers within a few seconds.
 */
export async function atspiAvailable(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS * 2);
  try {
    const address = await resolveA11yAddress(undefined, env, signal);
    const bus = await AtspiBus.connect(
      address,
      { concurrency: 1, callTimeoutMs: PROBE_TIMEOUT_MS },
      signal,
    );
    bus.disconnect();
    return true;
  } catch {
    return false;
  }
}

/**
 * Tell the registry which events we listen to, for every app (an empty app name); apps only
 * emit registered events. Older registries take the event name alone.
 */
export async function registerEvents(bus: AtspiBus, signal: AbortSignal): Promise<void> {
  const target = { dest: REGISTRY_NAME, path: '/org/a11y/atspi/registry' };
  const iface = 'org.a11y.atspi.Registry';
  for (const event of REGISTERED_EVENTS) {
    await bus
      .call(
        { ...target, iface, member: 'RegisterEvent', signature: 'sass', body: [event, [], ''] },
        signal,
      )
      .catch(() =>
        bus.call(
          { ...target, iface, member: 'RegisterEvent', signature: 's', body: [event] },
          signal,
        ),
      );
  }
}

/** The unique bus name of the registry daemon (it sends the app start/exit signals). */
export async function registryOwner(bus: AtspiBus, signal: AbortSignal): Promise<string> {
  const [owner] = await bus.call(
    {
      dest: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      iface: 'org.freedesktop.DBus',
      member: 'GetNameOwner',
      signature: 's',
      body: [REGISTRY_NAME],
    },
    signal,
  );
  return String(owner);
}

/** Wait `ms` (a reconnect backoff), ending early and quietly when `signal` fires. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  }).catch(() => undefined);
}
