/**
 * macOS Accessibility backend. `createAxBackend` starts nothing by itself: `start()` launches
 * the isolated host (axHostMain) as a child process and waits until it has checked permissions
 * and found the running apps.
 */
import { fileURLToPath } from 'node:url';
import type { SupervisorTimings } from '../uia/uiaHostClient.js';
import { launchHost, type HostChannel, type HostLaunch } from '../uia/uiaTransport.js';
import { AX_TIMINGS, AxBackend } from './axBackend.js';

export { AxBackend } from './axBackend.js';
export type { AxWindowInfo, AxWindowQuery } from './axWindowList.js';

export interface AxBackendOptions {
  /** How to start the host; defaults to axHostMain next to this module, as a child process. */
  host?: Partial<HostLaunch>;
  timings?: Partial<SupervisorTimings>;
  /** Start hosts some other way (tests use a fake surface in process). Overrides `host`. */
  launch?: () => HostChannel;
  /** Let macOS show its Accessibility / Screen Recording dialogs (never by default). */
  promptPermissions?: boolean;
  onLog?: (message: string) => void;
}

/** The host module beside this one; from TypeScript sources it runs through tsx. */
export function defaultAxHostLaunch(promptPermissions = false): HostLaunch {
  const fromSource = import.meta.url.endsWith('.ts');
  const module = fileURLToPath(
    new URL(fromSource ? './axHostMain.ts' : './axHostMain.js', import.meta.url),
  );
  const args = promptPermissions ? ['--prompt-permissions'] : [];
  return { module, args, execArgv: fromSource ? ['--import', 'tsx'] : [] };
}

export function createAxBackend(options: AxBackendOptions = {}): AxBackend {
  const launchSpec: HostLaunch = {
    ...defaultAxHostLaunch(options.promptPermissions === true),
    ...options.host,
  };
  const launch = options.launch ?? (() => launchHost(launchSpec));
  return new AxBackend(launch, { ...AX_TIMINGS, ...options.timings }, options.onLog);
}
