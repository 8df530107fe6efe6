/**
 * The stroke of a drag and its check: press at the source, hold, move in steps (toolkits start
 * a drag only once the pointer has moved past a threshold while pressed, and find the drop site
 * from motion events), hold over the destination, release, then wait for the drop to show in
 * the cache. The button is released on every way out, so a failed drag never leaves it held.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ElementNode, MethodParams, Patch } from '../../../protocol/src/index.js';
import type { InputAction } from '../../backends/backend.js';
import { ActionFailedError, NoEffectError } from '../../errors.js';
import { summarize } from '../changes.js';
import { callOptions, describeNode, type ActionEnv } from '../env.js';
import { EFFECT_MS } from '../verify.js';
import { recordPatches, waitForValue, type PatchRecorder } from '../waits.js';

/** One end of a drag, placed: the point, and the element it stands for when there is one. */
export interface DragEnd {
  x: number;
  y: number;
  node: ElementNode | null;
  /** The end was given as an element (not a point): it must still exist when the drag ends. */
  aimed: boolean;
  which: string;
}

type DragParams = MethodParams<'actions.drag'>;

/** How long a release after a failure may take: the action's own deadline may be spent. */
const RELEASE_MS = 2_000;
/** Longest wait for the cache to catch up with the moves before the release. */
const CATCH_UP_MS = 1_000;

/** The pointer position after `step` of `steps` moves on the line from `from` to `to`. */
export function strokePoint(
  from: { x: number; y: number },
  to: { x: number; y: number },
  step: number,
  steps: number,
): { x: number; y: number } {
  const t = steps <= 0 ? 1 : step / steps;
  return {
    x: Math.round(from.x + (to.x - from.x) * t),
    y: Math.round(from.y + (to.y - from.y) * t),
  };
}

function button(p: DragParams, down: boolean, at: { x: number; y: number }): InputAction {
  return { kind: 'button', x: at.x, y: at.y, button: p.button, down, modifiers: p.modifiers };
}

async function hold(env: ActionEnv, ms: number): Promise<void> {
  if (ms > 0) await env.progress.race(sleep(ms, undefined, { signal: env.progress.signal }));
}

/** The error of a drag whose destination element left the cache mid-way. */
function vanished(to: DragEnd, at: { x: number; y: number }, step: number, steps: number) {
  const node = to.node as ElementNode;
  return new ActionFailedError(
    `the drop target ${describeNode(node)} vanished at step ${step} of ${steps}; the button was released at (${at.x},${at.y})`,
    {
      details: { reason: 'target_vanished', at, step, steps, target: summarize(node) },
      recovery: ['Look at what is under that point now before dragging again'],
    },
  );
}

function checkTarget(
  env: ActionEnv,
  to: DragEnd,
  at: { x: number; y: number },
  step: number,
  steps: number,
): void {
  if (to.aimed && to.node !== null && env.cache.node(to.node.ref) === undefined)
    throw vanished(to, at, step, steps);
}

/**
 * Let the cache hear what the moves caused before the release: the app has handled the input
 * and sent its events (backend settle), and the fetches those events started are done. A
 * target gone by then went mid-way; one gone after the drop was replaced by the drop itself.
 */
async function catchUp(env: ActionEnv, to: DragEnd): Promise<void> {
  if (!to.aimed || to.node === null) return;
  const id = env.cache.backendId(to.node.ref);
  const limit = AbortSignal.any([env.progress.signal, AbortSignal.timeout(CATCH_UP_MS)]);
  if (id !== undefined && env.backend.settle !== undefined)
    await env.backend.settle(id, { signal: limit }).catch(() => undefined);
  await env.cache.whenIdle(limit).catch(() => undefined);
}

/** Press, move in steps, release; then wait for the drop's effect. */
export async function strokeAndDrop(
  env: ActionEnv,
  p: DragParams,
  from: DragEnd,
  to: DragEnd,
): Promise<void> {
  const options = callOptions(env);
  let at = { x: from.x, y: from.y };
  let held = true;
  env.progress.step(`pressing ${p.button} at (${at.x},${at.y})`);
  await env.progress.race(env.backend.input(button(p, true, at), options));
  try {
    await hold(env, p.holdMs);
    for (let step = 1; step <= p.steps; step++) {
      const next = strokePoint(from, to, step, p.steps);
      // A move to where the pointer already is sends no motion: skip it.
      if (next.x === at.x && next.y === at.y) continue;
      at = next;
      env.progress.step(`dragging: move ${step} of ${p.steps} to (${at.x},${at.y})`);
      await env.progress.race(env.backend.input({ kind: 'move', ...at }, options));
      checkTarget(env, to, at, step, p.steps);
    }
    await hold(env, p.holdMs);
    await catchUp(env, to);
    checkTarget(env, to, at, p.steps, p.steps);
    const recorder = recordPatches(env.cache);
    try {
      env.progress.step(`releasing ${p.button} at (${at.x},${at.y})`);
      held = false;
      await env.progress.race(env.backend.input(button(p, false, at), options));
      await expectDrop(env, recorder, from, to);
    } finally {
      recorder.stop();
    }
  } finally {
    if (held) await releaseAfterFailure(env, p, at);
  }
}

/** Release the button where the pointer is, under a deadline of its own. */
async function releaseAfterFailure(
  env: ActionEnv,
  p: DragParams,
  at: { x: number; y: number },
): Promise<void> {
  const signal = AbortSignal.timeout(RELEASE_MS);
  await env.backend.input(button(p, false, at), { signal }).catch(() => undefined);
}

/**
 * Whether a patch is a drop's effect in one of the drag's windows: elements added, removed,
 * reordered or renamed, a value changed, a window opened. Focus, activation, bounds and states
 * alone are not (pressing on an item selects and focuses it whether or not anything dropped).
 */
export function isDropEffect(
  patch: Patch,
  windows: ReadonlySet<string | null>,
  owner: (ref: string) => string | null | undefined,
): boolean {
  // A change under the desktop root (windows restacked by the press) is no drop.
  const inDrag = (ref: string | null): boolean => {
    const window = ref === null ? null : (owner(ref) ?? null);
    return windows.size === 0 ? window !== null : window !== null && windows.has(window);
  };
  switch (patch.op) {
    case 'window.opened':
      return true;
    case 'add':
      return windows.size === 0 || windows.has(patch.nodes[0]?.window ?? null);
    case 'remove':
    case 'reorder':
      return inDrag(patch.parent);
    case 'update':
      return inDrag(patch.ref) && ('name' in patch.props || 'value' in patch.props);
    default:
      return false;
  }
}

/** Wait for a drop effect among the patches since the release: events, then a re-read. */
async function expectDrop(
  env: ActionEnv,
  recorder: PatchRecorder,
  from: DragEnd,
  to: DragEnd,
): Promise<void> {
  const nodes = [from.node, to.node].filter((n): n is ElementNode => n !== null);
  const windows = new Set(nodes.map((n) => n.window));
  const owner = (ref: string): string | null | undefined => env.cache.node(ref)?.window;
  const dropped = (): true | undefined =>
    recorder.batches.some((b) => b.patches.some((q) => isDropEffect(q, windows, owner)))
      ? true
      : undefined;
  const { signal } = env.progress;
  env.progress.step('waiting for the drop to show');
  if (await waitForValue(env.cache, dropped, signal, Math.min(EFFECT_MS, env.progress.remaining())))
    return;
  // An event may be lost: re-read the parents of both ends, then look once more.
  for (const node of nodes) {
    const ref = node.parent ?? node.ref;
    await env.progress.race(env.cache.refresh(ref, signal)).catch(() => undefined);
  }
  const late = Math.min(EFFECT_MS / 2, env.progress.remaining());
  if (await waitForValue(env.cache, dropped, signal, late)) return;
  throw new NoEffectError(
    `the drag from ${describeEndShort(from)} to ${describeEndShort(to)} was sent but nothing changed`,
    {
      details: { reason: 'no_drop', from: endDetail(from), to: endDetail(to) },
      recovery: [
        'Check that the destination accepts this drop (a drop target, a list that reorders)',
        'Retry with more steps or a longer holdMs: some apps start a drag only after a pause',
      ],
    },
  );
}

function describeEndShort(end: DragEnd): string {
  return end.node !== null && end.aimed ? describeNode(end.node) : `(${end.x},${end.y})`;
}

function endDetail(end: DragEnd): Record<string, unknown> {
  return { x: end.x, y: end.y, element: end.node === null ? null : summarize(end.node) };
}
