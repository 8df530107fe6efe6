/**
 * The Linux backend over AT-SPI2 (D-Bus). Use `createAtspiBackend` to build it and
 * `atspiAvailable` to learn whether an accessibility bus is reachable (`--backend auto`).
 */
import { AtspiBackend, type AtspiBackendOptions } from './atspiBackend.js';

export { atspiAvailable } from './atspiConnect.js';
export type { AtspiBackend, AtspiBackendOptions } from './atspiBackend.js';

/** Build an (unstarted) AT-SPI2 backend (an AccessibilityBackend, plus `walk` for tests). */
export function createAtspiBackend(options: AtspiBackendOptions = {}): AtspiBackend {
  return new AtspiBackend(options);
}
