/**
 * The Linux backend over AT-SPI2 (D-Bus). Use `createAtspiBackend` to build it and
 * `atspiAvailable` to learn whether an accessibility bus is reachable (`--backend auto`).
 */
import type { AccessibilityBackend } from '../backend.js';
import { AtspiBackend, type AtspiBackendOptions } from './atspiBackend.js';

export { atspiAvailable } from './atspiConnect.js';
export type { AtspiBackendOptions } from './atspiBackend.js';

/** Build an (unstarted) AT-SPI2 backend. */
export function createAtspiBackend(options: AtspiBackendOptions = {}): AccessibilityBackend {
  return new AtspiBackend(options);
}
