/**
 * Property test: after any sequence of user actions, a mirror fed only by the sim's events (plus
 * the re-fetches those events ask for) equals the ground truth. This proves the sim never
 * changes the desktop silently, and that duplicates, late events and detail-less structure
 * events are survivable by an event-fed cache.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { State } from '../../../../protocol/src/index.js';
import type { InputAction, PatternAction } from '../../../../src/backends/backend.js';
import { DEFAULT_APPS, type SimBackend } from '../../../../src/backends/sim/index.js';
import { isUiError } from '../../../../src/errors.js';
import { startSim } from './helpers.js';
import { Mirror } from './mirror.js';

type Step =
  | { kind: 'pattern'; automationId: string; action: PatternAction }
  | { kind: 'input'; action: InputAction }
  | { kind: 'focus'; automationId: string };

const pattern = (automationId: string, action: PatternAction): Step => ({
  kind: 'pattern',
  automationId,
  action,
});

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom<Step>(
    pattern('settings.notifications', { pattern: 'Toggle' }),
    pattern('settings.tab.advanced', { pattern: 'SelectionItem', op: 'select' }),
    pattern('settings.tab.general', { pattern: 'SelectionItem', op: 'select' }),
    pattern('settings.language', { pattern: 'ExpandCollapse', op: 'expand' }),
    pattern('editor.menu.file', { pattern: 'ExpandCollapse', op: 'expand' }),
    pattern('editor.menu.file', { pattern: 'ExpandCollapse', op: 'collapse' }),
    pattern('editor.find', { pattern: 'Invoke' }),
    pattern('editor.save', { pattern: 'Invoke' }),
    pattern('saveas.cancel', { pattern: 'Invoke' }),
    pattern('grid.row.20', { pattern: 'ScrollItem' }),
    pattern('editor.minimize', { pattern: 'Invoke' }),
    pattern('editor.maximize', { pattern: 'Invoke' }),
    pattern('settings.close', { pattern: 'Invoke' }),
    pattern('flaky.crash', { pattern: 'Invoke' }),
    pattern('installer.next', { pattern: 'Invoke' }),
    pattern('installer.accept', { pattern: 'Toggle' }),
    pattern('confirm.yes', { pattern: 'Invoke' }),
    { kind: 'focus', automationId: 'editor.text' },
    { kind: 'input', action: { kind: 'keys', combos: [{ key: 's', modifiers: ['ctrl'] }] } },
    { kind: 'input', action: { kind: 'keys', combos: [{ key: 'Escape', modifiers: [] }] } },
    { kind: 'input', action: { kind: 'keys', combos: [{ key: 'Tab', modifiers: [] }] } },
    { kind: 'input', action: { kind: 'keys', combos: [{ key: 'Backspace', modifiers: [] }] } },
  ),
  fc
    .string({ maxLength: 6 })
    .map((text): Step => ({ kind: 'input', action: { kind: 'text', text } })),
  fc
    .integer({ min: 0, max: 100 })
    .map((value) => pattern('settings.volume', { pattern: 'RangeValue', value })),
  fc
    .integer({ min: 0, max: 9_980 })
    .map((value) => pattern('grid.scrollbar', { pattern: 'RangeValue', value })),
  fc
    .record({
      direction: fc.constantFrom('up' as const, 'down' as const),
      amount: fc.integer({ min: 1, max: 10 }),
    })
    .map(({ direction, amount }) =>
      pattern('grid.table', { pattern: 'Scroll', direction, amount }),
    ),
  fc
    .record({ x: fc.integer({ min: 0, max: 1919 }), y: fc.integer({ min: 0, max: 1079 }) })
    .map(({ x, y }): Step => ({
      kind: 'input',
      action: { kind: 'click', x, y, button: 'left', count: 1 },
    })),
);

/** Run one step; expected failures (gone, disabled, a blocking Invoke's deadline) are fine. */
async function run(sim: SimBackend, s: Step): Promise<void> {
  const options = { signal: AbortSignal.timeout(40) };
  try {
    if (s.kind === 'input') return await sim.input(s.action, options);
    const id = sim.control.find(s.automationId);
    if (id === undefined) return;
    if (s.kind === 'focus') return await sim.focus(id, options);
    await sim.performPattern(id, s.action, options);
  } catch (err) {
    if (!isUiError(err)) throw err;
  }
}

async function converges(
  steps: Step[],
  quirks: Parameters<SimBackend['control']['setQuirks']>[0],
): Promise<void> {
  // The default desktop, with an installer whose progress timer ticks while the steps run.
  const apps = DEFAULT_APPS.map((a) => (a.kind === 'installer' ? { ...a, progressStepMs: 2 } : a));
  const sim = await startSim({ apps, quirks: { dropRate: 0, ...quirks } }, 5);
  sim.control.setSlowDelay(0);
  const mirror = new Mirror(sim);
  await mirror.init();
  for (const s of steps) await run(sim, s);
  await mirror.settle();
  expect(mirror.tree()).toEqual(sim.groundTruth());
  expectFocusInvariants(sim);
  await sim.stop();
}

/** At most one focused element and one active window, and the focus lies in the active window. */
function expectFocusInvariants(sim: SimBackend): void {
  const truth = sim.groundTruth();
  const byId = new Map(truth.map((n) => [n.id, n]));
  const withState = (state: State) => truth.filter((n) => n.props.states.includes(state));
  const [focused, ...moreFocused] = withState('focused');
  const [active, ...moreActive] = withState('active');
  expect(moreFocused).toEqual([]);
  expect(moreActive).toEqual([]);
  let top = focused;
  while (top !== undefined && top.parentId !== sim.rootId) top = byId.get(top.parentId ?? '');
  if (focused !== undefined) expect(top?.id).toBe(active?.id);
}

describe('sim event completeness', () => {
  it('an event-fed mirror equals the ground truth after any actions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), (steps) => converges(steps, {})),
      { numRuns: 40, seed: 11 },
    );
  });

  it('it still converges with duplicated, late and detail-less events', async () => {
    const quirks = { duplicateRate: 0.3, lateRate: 0.5, detaillessRate: 0.5 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), (steps) => converges(steps, quirks)),
      { numRuns: 25, seed: 12 },
    );
  });
});
