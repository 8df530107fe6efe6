/** Every desktop-operations spec, in the order they run. Ids are unique and never reused. */
import type { DesktopSpec } from '../fixture.js';
import { inputSpecs } from './input.js';
import { monitorSpecs } from './monitors.js';
import { windowSpecs } from './windows.js';

export const DESKTOP_SPECS: readonly DesktopSpec[] = [
  ...windowSpecs,
  ...monitorSpecs,
  ...inputSpecs,
];
