/**
 * The simulated desktop: the embedded default backend and the main test fixture. It behaves
 * like a UIA desktop, quirks included; see backend.ts (the AccessibilityBackend), control.ts
 * (the test-control API), scene.ts (scenes as data) and demo.ts (scripted live activity).
 */
import { SimBackend, type SimBackendOptions } from './backend.js';

export { SimBackend, type SimBackendOptions } from './backend.js';
export type { SimControl, AppInfo } from './control.js';
export type { Quirks } from './events.js';
export { startDemo } from './demo.js';
export {
  AppSpecSchema,
  DEFAULT_APPS,
  loadScene,
  parseScene,
  QuirksSchema,
  SceneSchema,
  type AppSpec,
  type ElementData,
  ElementDataSchema,
  type Scene,
  type SceneInput,
} from './scene.js';

/** Create a simulated desktop (not started: call start(signal) before using it). */
export function createSimBackend(options?: SimBackendOptions): SimBackend {
  return new SimBackend(options);
}
