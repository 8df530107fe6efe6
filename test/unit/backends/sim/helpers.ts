/** Shared helpers for the sim's unit tests: a started sim, lookups, and an event recorder. */
import type { Subscription } from 'rxjs';
import { afterEach } from 'vitest';
import type { BackendEvent, BackendNode } from '../../../../src/backends/backend.js';
import {
  createSimBackend,
  type SceneInput,
  type SimBackend,
} from '../../../../src/backends/sim/index.js';

const started: SimBackend[] = [];
const subscriptions: Subscription[] = [];

afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  for (const sim of started.splice(0)) await sim.stop();
});

/** A started sim (stopped after the test). */
export async function startSim(scene?: SceneInput, seed?: number): Promise<SimBackend> {
  const sim = createSimBackend({
    ...(scene === undefined ? {} : { scene }),
    ...(seed === undefined ? {} : { seed }),
  });
  started.push(sim);
  await sim.start(AbortSignal.timeout(5_000));
  return sim;
}

/** A signal with a generous deadline for one call. */
export const deadline = (ms = 5_000): { signal: AbortSignal } => ({
  signal: AbortSignal.timeout(ms),
});

/** The id of the element with this automation id; fails the test when absent. */
export function aid(sim: SimBackend, automationId: string, window?: string): string {
  const id = sim.control.find(automationId, window);
  if (id === undefined) throw new Error(`no element ${automationId}`);
  return id;
}

/** The element's node in the ground truth. */
export function node(sim: SimBackend, id: string): BackendNode {
  const found = sim.groundTruth().find((n) => n.id === id);
  if (found === undefined) throw new Error(`no node ${id}`);
  return found;
}

export const nodeOf = (sim: SimBackend, automationId: string): BackendNode =>
  node(sim, aid(sim, automationId));

/** Records every delivered batch from now on. */
export function record(sim: SimBackend): {
  batches: (readonly BackendEvent[])[];
  events: () => BackendEvent[];
} {
  const batches: (readonly BackendEvent[])[] = [];
  subscriptions.push(sim.events$.subscribe((b) => batches.push(b)));
  return { batches, events: () => batches.flat() };
}

/** Titles of the top-level windows. */
export function windowTitles(sim: SimBackend): string[] {
  const root = node(sim, sim.rootId);
  return root.children.map((id) => node(sim, id).props.name);
}

/** Centre of an element, for raw clicks. */
export function centreOf(sim: SimBackend, id: string): { x: number; y: number } {
  const rect = node(sim, id).props.rect;
  if (rect === null) throw new Error(`${id} has no rect`);
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

export async function click(sim: SimBackend, id: string): Promise<void> {
  await sim.input({ kind: 'click', ...centreOf(sim, id), button: 'left', count: 1 }, deadline());
}

export async function keys(sim: SimBackend, ...combos: string[]): Promise<void> {
  const parsed = combos.map((c) => {
    const parts = c.split('+');
    const key = parts.pop() ?? '';
    return {
      key,
      modifiers: parts.map((m) => m.toLowerCase() as 'ctrl' | 'alt' | 'shift' | 'meta'),
    };
  });
  await sim.input({ kind: 'keys', combos: parsed }, deadline());
}

export async function type(sim: SimBackend, text: string): Promise<void> {
  await sim.input({ kind: 'text', text }, deadline());
}

/** Await `promise`, failing with a clear message if it has not settled within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}
