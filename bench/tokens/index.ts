/**
 * The scripted agent task on a real GTK editor (gtk-task.ts; needs the headless desktop): its
 * tool calls and tokens beside the committed baseline of the server before, and whether every
 * answer the agent ended with was true. Counts of calls and tokens do not depend on the
 * machine. The other token budgets (definitions, region reads, snapshots, action results,
 * screenshots) are tests: test/integration/mcp/token-budgets.test.ts.
 */
import { printLine } from '../lib/targets.js';
import { AGENT_TASK_BASELINE, gtkAgentTask } from './gtk-task.js';

async function main(): Promise<void> {
  const r = await gtkAgentTask();
  const { calls, tokens, errors, log } = r.run;
  const answersTrue = r.answers.filter((a) => a.true).length;
  printLine('tokens', {
    agentTask: {
      calls,
      tokens,
      errors,
      answers: r.answers.length,
      answersWrong: r.answers.length - answersTrue,
      baseline: AGENT_TASK_BASELINE,
      log,
    },
  });
}

await main();
