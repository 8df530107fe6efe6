/**
 * The scripted agent task on a real GTK editor (gtk-task.ts; needs the headless desktop), run
 * along today's path against the server at TODAY_COMMIT and along the improved path against
 * this tree, in the same run: tool calls and tokens of each, and how many of the answers' claims
 * an outside read (X11, pyatspi, the app's own state) found untrue. Counts of calls and tokens
 * do not depend on the machine. The other token budgets (definitions, region reads, snapshots,
 * action results, screenshots) are tests: test/integration/mcp/token-budgets.test.ts.
 */
import { printLine } from '../lib/targets.js';
import { TODAY_COMMIT, gtkAgentTask, type GtkTaskResult } from './gtk-task.js';

function figures(r: GtkTaskResult) {
  const { calls, tokens, errors, log } = r.run;
  return {
    calls,
    tokens,
    errors,
    claims: r.claims.length,
    claimsUntrue: r.claims.filter((c) => !c.true).length,
    beliefsUntrue: r.answers.filter((a) => !a.true).length,
    untrue: [...r.claims.filter((c) => !c.true), ...r.answers.filter((a) => !a.true)],
    log: log.map((c) => `${c.tool}:${c.tokens}`).join(' '),
  };
}

async function main(): Promise<void> {
  const today = figures(await gtkAgentTask('today'));
  const improved = figures(await gtkAgentTask('improved'));
  printLine('tokens', {
    agentTask: { today: { server: TODAY_COMMIT, ...today }, improved },
  });
}

await main();
