/**
 * The random commands of the cache property tests (property.test.ts) and how each one is run
 * against the simulated desktop: patterns, focus, activation, clicks, typing, keys, app
 * open/close/crash and progress.
 */
import fc from 'fast-check';
import type { BackendId, BackendNode, PatternAction } from '../../../src/backends/backend.js';
import type { SimBackend } from '../../../src/backends/sim/index.js';

export type Command =
  | { kind: 'pattern'; pick: number; variant: number }
  | { kind: 'focus'; pick: number }
  | { kind: 'activate'; pick: number }
  | { kind: 'click'; pick: number }
  | { kind: 'type'; text: string }
  | { kind: 'keys'; combo: number }
  | { kind: 'open'; app: number }
  | { kind: 'close'; pick: number }
  | { kind: 'crash'; pick: number }
  | { kind: 'progress'; amount: number };

const pick = fc.nat({ max: 10_000 });
export const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('pattern' as const),
      pick,
      variant: fc.nat({ max: 7 }),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant('focus' as const), pick }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('activate' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('click' as const), pick }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('type' as const), text: fc.string({ maxLength: 6 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('keys' as const), combo: fc.nat({ max: 5 }) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('open' as const), app: fc.nat({ max: 2 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('close' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('crash' as const), pick }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('progress' as const),
      amount: fc.integer({ min: 1, max: 40 }),
    }),
    weight: 1,
  },
);

const KEYS = [
  [{ key: 'Tab', modifiers: [] }],
  [{ key: 'Enter', modifiers: [] }],
  [{ key: 'Escape', modifiers: [] }],
  [{ key: 'Down', modifiers: [] }],
  [{ key: 'a', modifiers: ['ctrl'] }],
  [{ key: 'Backspace', modifiers: [] }],
] as const;

const APPS: Parameters<SimBackend['control']['open']>[0][] = [
  { kind: 'editor' },
  { kind: 'settings' },
  {
    kind: 'window',
    app: 'note',
    title: 'Note',
    elements: [{ type: 'Button', name: 'OK', patterns: ['Invoke'] }],
  },
];

function patternFor(patterns: readonly string[], variant: number): PatternAction | null {
  const usable = patterns.filter((p) => !['Selection', 'Grid', 'Table', 'Text'].includes(p));
  const p = usable[variant % Math.max(1, usable.length)];
  switch (p) {
    case 'Invoke':
      return { pattern: 'Invoke' };
    case 'Toggle':
      return { pattern: 'Toggle' };
    case 'Value':
      return { pattern: 'Value', value: `v${variant}` };
    case 'RangeValue':
      return { pattern: 'RangeValue', value: variant * 10 };
    case 'ExpandCollapse':
      return { pattern: 'ExpandCollapse', op: variant % 2 === 0 ? 'expand' : 'collapse' };
    case 'SelectionItem':
      return { pattern: 'SelectionItem', op: 'select' };
    case 'Scroll':
      return { pattern: 'Scroll', direction: variant % 2 === 0 ? 'down' : 'up', amount: 1 };
    case 'ScrollItem':
      return { pattern: 'ScrollItem' };
    case 'Window':
      return {
        pattern: 'Window',
        op: (['minimize', 'maximize', 'restore'] as const)[variant % 3] ?? 'restore',
      };
    default:
      return null;
  }
}

/** The element and the window a command picks, from the desktop as it is now. */
function targets(sim: SimBackend, cmd: Command): { el?: BackendNode; win?: BackendNode } {
  const truth = sim.groundTruth();
  if (!('pick' in cmd)) return {};
  const windows = truth.filter((n) => n.parentId === sim.rootId);
  return {
    el: truth[cmd.pick % truth.length],
    win: windows[cmd.pick % Math.max(1, windows.length)],
  };
}

/** The element a command acts on (for the refresh), noted before it runs. */
export function touchedBy(sim: SimBackend, cmd: Command): BackendId | null {
  const { el, win } = targets(sim, cmd);
  return (cmd.kind === 'activate' ? win?.id : el?.id) ?? null;
}

/** Run one command against the sim. */
export async function run(sim: SimBackend, cmd: Command): Promise<void> {
  const signal = AbortSignal.timeout(50);
  const { el, win } = targets(sim, cmd);
  switch (cmd.kind) {
    case 'pattern': {
      const action = el === undefined ? null : patternFor(el.props.patterns, cmd.variant);
      if (el !== undefined && action !== null) await sim.performPattern(el.id, action, { signal });
      return;
    }
    case 'focus':
      if (el !== undefined) await sim.focus(el.id, { signal });
      return;
    case 'activate':
      if (win !== undefined) await sim.activateWindow(win.id, { signal });
      return;
    case 'click': {
      const r = el?.props.rect;
      if (el === undefined || r === null || r === undefined) return;
      await sim.input(
        { kind: 'click', x: r.x + r.width / 2, y: r.y + r.height / 2, button: 'left', count: 1 },
        { signal },
      );
      return;
    }
    case 'type':
      await sim.input({ kind: 'text', text: cmd.text }, { signal });
      return;
    case 'keys':
      await sim.input(
        {
          kind: 'keys',
          combos: KEYS[cmd.combo]?.map((k) => ({ ...k, modifiers: [...k.modifiers] })) ?? [],
        },
        { signal },
      );
      return;
    case 'open':
      sim.control.open(APPS[cmd.app] ?? { kind: 'editor' });
      return;
    case 'close':
    case 'crash': {
      const apps = sim.control.apps().filter((a) => !a.crashed && a.windows.length > 0);
      const app = apps[cmd.pick % Math.max(1, apps.length)];
      if (app !== undefined) sim.control[cmd.kind](app.pid);
      return;
    }
    case 'progress':
      sim.control.advanceProgress(cmd.amount);
      return;
  }
}
