/** Every conformance spec, in the order they run. Spec ids are unique and never reused. */
import type { ConformanceSpec } from '../fixture.js';
import { clipboardSpecs } from './clipboard.js';
import { errorSpecs } from './errors.js';
import { fetchSpecs } from './fetch.js';
import { focusSpecs } from './focus.js';
import { inputSpecs } from './input.js';
import { patternSpecs } from './patterns.js';
import { quirkSpecs } from './quirks.js';

export const ALL_SPECS: readonly ConformanceSpec[] = [
  ...fetchSpecs,
  ...patternSpecs,
  ...focusSpecs,
  ...inputSpecs,
  ...quirkSpecs,
  ...errorSpecs,
  ...clipboardSpecs,
];
