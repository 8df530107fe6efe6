/**
 * Windows UI Automation backend. `createUiaBackend` starts nothing by itself: `start()` launches
 * the isolated host (uiaHostMain) and waits until it has COM and UIA ready.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIMINGS, UiaBackend, type SupervisorTimings } from './uiaBackend.js';
import { launchHost, type HostChannel, type HostLaunch } from './uiaTransport.js';

export type { UiaWindowInfo, WindowQuery } from './uiaBackend.js';
export { UiaBackend } from './uiaBackend.js';

export interface UiaBackendOptions {
  /** How to start the host; defaults to uiaHostMain next to this module, as a child process. */
  host?: Partial<HostLaunch>;
  /** Supervisor timings (ping, hang, backoff, deadlines). */
  timings?: Partial<SupervisorTimings>;
  /** Start hosts some other way (tests use a fake host). Overrides `host`. */
  launch?: () => HostChannel;
  onLog?: (message: string) => void;
}

/** The host module beside this one; from TypeScript sources it runs through tsx. */
export function defaultHostLaunch(): HostLaunch {
  const fromSource = import.meta.url.endsWith('.ts');
  const module = fileURLToPath(
    new URL(fromSource ? './uiaHostMain.ts' : './uiaHostMain.js', import.meta.url),
  );
  return { module, execArgv: fromSource ? ['--import', 'tsx'] : [] };
}

export function createUiaBackend(options: UiaBackendOptions = {}): UiaBackend {
  const launchSpec: HostLaunch = { ...defaultHostLaunch(), ...options.host };
  const launch = options.launch ?? (() => launchHost(launchSpec));
  return new UiaBackend(launch, { ...DEFAULT_TIMINGS, ...options.timings }, options.onLog);
}
