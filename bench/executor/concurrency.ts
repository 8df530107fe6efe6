/**
 * 1,000 actions from 50 concurrent clients over three lanes (two window lanes of pattern
 * actions, the global input lane): every action answered exactly once, and every lane's
 * backend calls in the order its actions were submitted.
 */
import type { BackendId } from '../../src/backends/backend.js';
import { round } from '../lib/stats.js';
import { parse, type Stack } from './stack.js';

const CLIENTS = 50;
const PER_CLIENT = 20;

type Lane = 'editor' | 'flaky' | 'input';

export async function measureConcurrency(stack: Stack) {
  const targets: Record<Exclude<Lane, 'input'>, string> = {
    editor: stack.ref('editor.text'),
    flaky: stack.ref('flaky.notes'),
  };
  const laneOf = new Map<BackendId, Lane>([
    [stack.cache.backendId(targets.editor) ?? '', 'editor'],
    [stack.cache.backendId(targets.flaky) ?? '', 'flaky'],
  ]);
  const submitted: Record<Lane, string[]> = { editor: [], flaky: [], input: [] };
  const performed: Record<Lane, string[]> = { editor: [], flaky: [], input: [] };
  const perform = stack.sim.performPattern.bind(stack.sim);
  const input = stack.sim.input.bind(stack.sim);
  stack.sim.performPattern = (id, action, options) => {
    const lane = laneOf.get(id);
    if (lane !== undefined && action.pattern === 'Value') performed[lane].push(action.value);
    return perform(id, action, options);
  };
  stack.sim.input = (action, options) => {
    if (action.kind === 'text') performed.input.push(action.text);
    return input(action, options);
  };

  const answers = new Map<string, number>();
  let failures = 0;
  const calls: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < PER_CLIENT; i++) {
    for (let c = 0; c < CLIENTS; c++) {
      const tag = `c${c}.${i}`;
      const lane: Lane = (['editor', 'flaky', 'input'] as const)[(c + i) % 3] ?? 'input';
      submitted[lane].push(tag);
      const ctx = { clientId: `client-${c}`, signal: new AbortController().signal };
      const call =
        lane === 'input'
          ? stack.executor.run(
              'actions.type',
              parse('actions.type', { text: tag, settleMs: 0 }),
              ctx,
            )
          : stack.executor.run(
              'actions.setValue',
              parse('actions.setValue', {
                target: { ref: targets[lane] },
                value: tag,
                settleMs: 0,
              }),
              ctx,
            );
      calls.push(
        call.then(
          () => void answers.set(tag, (answers.get(tag) ?? 0) + 1),
          () => {
            failures += 1;
            answers.set(tag, (answers.get(tag) ?? 0) + 1);
          },
        ),
      );
    }
  }
  await Promise.all(calls);
  const elapsedMs = performance.now() - started;
  stack.sim.performPattern = perform;
  stack.sim.input = input;
  const inOrder = (lane: Lane): boolean =>
    performed[lane].length === submitted[lane].length &&
    performed[lane].every((tag, i) => tag === submitted[lane][i]);
  return {
    clients: CLIENTS,
    actions: CLIENTS * PER_CLIENT,
    answered: answers.size,
    answeredTwice: [...answers.values()].filter((n) => n > 1).length,
    failures,
    lanes: {
      editor: { actions: submitted.editor.length, inOrder: inOrder('editor') },
      flaky: { actions: submitted.flaky.length, inOrder: inOrder('flaky') },
      input: { actions: submitted.input.length, inOrder: inOrder('input') },
    },
    elapsedMs: round(elapsedMs, 1),
    actionsPerSec: round((CLIENTS * PER_CLIENT) / (elapsedMs / 1000), 0),
  };
}
