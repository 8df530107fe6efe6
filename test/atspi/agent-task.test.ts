/**
 * The scripted agent task over MCP on a real GTK 3 editor (bench/tokens/gtk-task.ts): Save As
 * with a typed path through GTK's file chooser, then a setting changed in a Preferences dialog
 * and verified. Every answer the agent ends with must match what the app itself did, and the
 * task must take fewer calls and tokens than the committed baseline of the server before.
 */
import { describe, expect, it } from 'vitest';
import { AGENT_TASK_BASELINE, gtkAgentTask } from '../../bench/tokens/gtk-task.js';

describe('scripted agent task on a GTK editor', () => {
  it('saves under a typed path and changes a dialog setting, every answer true', async () => {
    const r = await gtkAgentTask();
    expect(r.answers.filter((a) => !a.true)).toEqual([]);
    expect(r.run.errors).toBe(0);
    expect(r.run.calls).toBeLessThan(AGENT_TASK_BASELINE.calls);
    expect(r.run.tokens).toBeLessThan(AGENT_TASK_BASELINE.tokens);
  }, 180_000);
});
