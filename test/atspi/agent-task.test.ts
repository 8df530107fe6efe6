/**
 * The scripted agent task over MCP on a real GTK 3 editor (bench/tokens/gtk-task.ts): Save As
 * with a typed path through GTK's file chooser, then a setting changed in a Preferences dialog,
 * the dialog closed and opened again to verify it. Every claim of every answer is checked from
 * outside (X11, pyatspi, the app's state file and the saved file); the improved path must take
 * fewer calls and tokens than today's path against the server before, run in the same test.
 */
import { describe, expect, it } from 'vitest';
import { gtkAgentTask } from '../../bench/tokens/gtk-task.js';

describe('scripted agent task on a GTK editor', () => {
  it('saves under a typed path and changes a dialog setting, every answer true', async () => {
    const today = await gtkAgentTask('today');
    const improved = await gtkAgentTask('improved');
    expect(improved.claims.filter((c) => !c.true)).toEqual([]);
    expect(improved.answers.filter((a) => !a.true)).toEqual([]);
    expect(improved.run.errors).toBe(0);
    // The claims checked: every window opened, closed and named, focus, the save and the setting.
    expect(improved.claims.length).toBeGreaterThanOrEqual(10);
    expect(improved.run.calls).toBeLessThan(today.run.calls);
    expect(improved.run.tokens).toBeLessThan(today.run.tokens);
  }, 300_000);
});
