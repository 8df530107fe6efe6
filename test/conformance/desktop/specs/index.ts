/** Every desktop-operations spec, in the order they run. Ids are unique and never reused. */
import type { DesktopSpec } from '../fixture.js';
import { inputSpecs } from './input.js';
import { monitorSpecs } from './monitors.js';
import { scaleSpecs } from './scale.js';
import { windowSpecs } from './windows.js';

export const DESKTOP_SPECS: readonly DesktopSpec[] = [
  ...windowSpecs,
  ...monitorSpecs,
  ...inputSpecs,
];

/**
 * Coordinates on another monitor and in apps that scale themselves: the X11 fixtures run them
 * on two monitors with their toolkits scaled (desktopScaled.test.ts).
 */
export const SCALE_SPECS: readonly DesktopSpec[] = scaleSpecs;
