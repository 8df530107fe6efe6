/** The recorder's state: steps recorded from actions run on this page, and their effect waits. */
import { signal } from '@preact/signals';
import type { RecordedStep } from './scripts.js';

export const recording = signal(false);
export const steps = signal<RecordedStep[]>([]);
/** Also record event-driven waits for each action's effects (windows opened/closed, values). */
export const recordEffects = signal(true);
/** Where the exported script imports the client from (the checkout's clients/typescript). */
export const importPath = signal('./clients/typescript/index.js');

export function record(step: RecordedStep, effects: RecordedStep[]): void {
  if (!recording.value) return;
  steps.value = [...steps.value, step, ...(recordEffects.value ? effects : [])];
}
