/**
 * actions.select: pick an option of a combo box or list by its visible text. A collapsed
 * combo box is expanded first (its options often exist only while open), the option is
 * awaited as an event, selected through SelectionItem (or Invoke, or a click), and the combo
 * box is collapsed again if it stayed open. The choice is checked: a combo box must show the
 * option, a list item must be selected; when SelectionItem was accepted without that effect
 * (GTK's combo menus), the option is opened and invoked instead, else no_effect.
 */
import type { ElementNode, MethodParams } from '../../../protocol/src/index.js';
import type { PatternAction } from '../../backends/backend.js';
import {
  ElementNotFoundError,
  MultipleMatchesError,
  PatternNotSupportedError,
} from '../../errors.js';
import { CONFIRM_MS, checkAllowed, ensureEnabled } from '../actionability.js';
import { summarize } from '../changes.js';
import { describeNode, performPattern } from '../env.js';
import type { ActionEnv, ActionPlan, Performed } from '../env.js';
import { windowLane } from '../queue.js';
import { resolveTarget } from '../target.js';
import { noEffect, seeEffect } from '../verify.js';
import { waitForValue } from '../waits.js';
import { clickPattern } from './click.js';

type SelectParams = MethodParams<'actions.select'>;

/** Options under the container whose visible text matches. */
export function findOptions(
  env: ActionEnv,
  container: ElementNode,
  p: SelectParams,
): ElementNode[] {
  const found = env.cache.find({
    within: container.ref,
    name: p.option,
    nameMatch: p.match,
    caseSensitive: false,
    maxResults: 20,
  });
  return found.elements.filter((n) => n.ref !== container.ref && clickPattern(n) !== undefined);
}

/** How many option names a "no such option" error lists. */
const LISTED_OPTIONS = 50;

/** The names of every option the container offers now, so a miss can say what there is. */
export function optionNames(env: ActionEnv, container: ElementNode): string[] {
  const found = env.cache.find({
    within: container.ref,
    nameMatch: 'contains',
    caseSensitive: false,
    maxResults: LISTED_OPTIONS + 1,
  });
  return found.elements
    .filter((n) => n.ref !== container.ref && n.name !== '' && clickPattern(n) !== undefined)
    .map((n) => n.name)
    .slice(0, LISTED_OPTIONS);
}

function onlyOption(
  env: ActionEnv,
  container: ElementNode,
  options: ElementNode[],
  p: SelectParams,
): ElementNode {
  const [first, second] = options;
  if (first === undefined) {
    const available = optionNames(env, container);
    const list =
      available.length > 0 ? `; options: ${available.join(', ')}` : '; it shows no options';
    throw new ElementNotFoundError(
      `${describeNode(container)} has no option "${p.option}"${list}`,
      {
        details: { option: p.option, match: p.match, container: container.ref, options: available },
        recovery: ['Select one of the listed options by its text'],
      },
    );
  }
  if (second !== undefined) {
    throw new MultipleMatchesError(
      `${options.length} options of ${describeNode(container)} match "${p.option}"`,
      {
        details: { option: p.option, candidates: options.map(summarize) },
        recovery: ['Use match "equals" or the exact option text'],
      },
    );
  }
  return first;
}

function pattern(env: ActionEnv, node: ElementNode, action: PatternAction): Promise<Performed> {
  return performPattern(env, node, action);
}

/** Expand `container` if needed and wait (event-driven) for the option to exist. */
async function revealOptions(
  env: ActionEnv,
  container: ElementNode,
  p: SelectParams,
): Promise<{ options: ElementNode[]; expanded: boolean }> {
  const now = findOptions(env, container, p);
  const collapsed =
    container.patterns.includes('ExpandCollapse') && !container.states.includes('expanded');
  if (now.length > 0 || !collapsed) return { options: now, expanded: false };
  await pattern(env, container, { pattern: 'ExpandCollapse', op: 'expand' });
  const options = await waitForValue(
    env.cache,
    () => {
      const found = findOptions(env, container, p);
      return found.length > 0 ? found : undefined;
    },
    env.progress.signal,
    Math.min(CONFIRM_MS, env.progress.remaining()),
  );
  return { options: options ?? [], expanded: true };
}

async function choose(env: ActionEnv, option: ElementNode): Promise<Performed> {
  if (option.patterns.includes('SelectionItem')) {
    return pattern(env, option, { pattern: 'SelectionItem', op: 'select' });
  }
  const action = clickPattern(option);
  if (action === undefined) {
    throw new PatternNotSupportedError(`${describeNode(option)} cannot be selected`, {
      details: { patterns: option.patterns },
    });
  }
  return pattern(env, option, action);
}

/** Where the choice shows: the combo box's own text, or the option's selected state. */
function choiceShown(container: ElementNode, option: ElementNode) {
  if (container.controlType === 'ComboBox') {
    const holds = (n: ElementNode): boolean => n.name === option.name || n.value === option.name;
    return { ref: container.ref, holds };
  }
  return { ref: option.ref, holds: (n: ElementNode) => n.states.includes('selected') };
}

/** Open the container so the option is on screen, then invoke the option itself. */
async function invokeOption(
  env: ActionEnv,
  container: ElementNode,
  option: ElementNode,
): Promise<Performed> {
  const live = env.cache.node(container.ref) ?? container;
  if (live.patterns.includes('ExpandCollapse') && !live.states.includes('expanded')) {
    await pattern(env, live, { pattern: 'ExpandCollapse', op: 'expand' });
    await waitForValue(
      env.cache,
      () => (env.cache.node(option.ref)?.states.includes('offscreen') === false ? true : undefined),
      env.progress.signal,
      Math.min(CONFIRM_MS, env.progress.remaining()),
    );
  }
  return pattern(env, env.cache.node(option.ref) ?? option, { pattern: 'Invoke' });
}

/** Choose the option and see the choice; fall back to invoking it; else no_effect. */
async function chooseChecked(
  env: ActionEnv,
  container: ElementNode,
  option: ElementNode,
): Promise<Performed> {
  const shown = choiceShown(container, option);
  const chosen = await choose(env, option);
  const tried = [chosen.via ?? 'SelectionItem'];
  let seen = await seeEffect(env, shown.ref, shown.holds);
  if (seen.ok) return chosen;
  if (tried[0] !== 'Invoke' && option.patterns.includes('Invoke')) {
    const invoked = await invokeOption(env, container, option);
    tried.push(invoked.via ?? 'Invoke');
    seen = await seeEffect(env, shown.ref, shown.holds);
    if (seen.ok) return invoked;
  }
  throw noEffect('select', container, { expected: option.name, tried, seen: seen.node });
}

export async function planSelect(env: ActionEnv, p: SelectParams): Promise<ActionPlan> {
  const resolved = await resolveTarget(env, p.target);
  if (resolved.node === null) {
    throw new ElementNotFoundError('no list or combo box at that point', {
      details: { target: p.target },
    });
  }
  checkAllowed(env, resolved.node);
  const container = await ensureEnabled(env, resolved.node);
  return {
    lane: windowLane(container.window),
    method: 'pattern',
    element: container,
    windowRef: container.window,
    description: `select "${p.option}" in ${describeNode(container)}`,
    perform: async () => {
      const { options, expanded } = await revealOptions(env, container, p);
      const done = await chooseChecked(env, container, onlyOption(env, container, options, p));
      const after = env.cache.node(container.ref);
      if (expanded && after?.states.includes('expanded') === true) {
        await pattern(env, after, { pattern: 'ExpandCollapse', op: 'collapse' });
      }
      return done;
    },
  };
}
