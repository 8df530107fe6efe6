/**
 * Token budgets of what the MCP tools show a model, counted with a real tokenizer
 * (gpt-tokenizer, o200k_base) on the default simulated desktop. These figures do not depend on
 * the machine, so they are tests: region reads <= 200 tokens, a window's snapshot <= 1/4 of its
 * JSON dump, an action result <= 150 tokens, a window screenshot's text and image <= 1,700
 * tokens (the image priced as Anthropic's vision docs do: width x height / 750), the default
 * profile's definitions <= 4,000 tokens and its tools/list answer <= 24 KB.
 */
import { encode } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Region } from '../../../protocol/src/index.js';
import { createApp, type App } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { runTool } from '../../../src/mcp/run-tool.js';
import { defaultTools } from '../../../src/mcp/tools/index.js';
import type { ToolContext } from '../../../src/mcp/types.js';
import { definitionFigures } from './definitions.js';

const tokens = (text: string): number => encode(text).length;

let app: App;
let ctx: ToolContext;

async function toolAnswer(name: string, args: object) {
  const tool = defaultTools.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  const r = await runTool(tool, args, ctx);
  const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  if (r.isError === true) throw new Error(`${name} failed: ${text}`);
  return { text, structured: r.structuredContent };
}

const toolText = async (name: string, args: object): Promise<string> =>
  (await toolAnswer(name, args)).text;

beforeAll(async () => {
  app = await createApp(loadConfig({ backend: 'sim' }));
  ctx = {
    deps: { handlers: app.handlers, config: app.config, cache: app.cache },
    caller: { clientId: 'token-budgets', signal: AbortSignal.timeout(120_000) },
  };
});

afterAll(async () => {
  await app.stop();
});

describe('MCP token budgets', () => {
  it('keeps the default profile’s definitions under 4,000 tokens and 24 KB', () => {
    const figures = definitionFigures(defaultTools);
    expect(figures.tokens).toBeGreaterThan(0);
    expect(figures.tokens).toBeLessThanOrEqual(4_000);
    expect(figures.listBytes).toBeLessThanOrEqual(24 * 1024);
  });

  it('snapshots the editor in at most a quarter of its JSON dump’s tokens', async () => {
    const { windows } = await app.handlers['windows.list']({ includeMinimized: true }, ctx.caller);
    const editor = windows.find((w) => w.app === 'editor');
    expect(editor).toBeDefined();
    const snapshot = tokens(await toolText('ui_snapshot', { window: editor?.ref }));
    const tree = await app.handlers['tree.get'](
      { window: editor?.ref ?? '', depth: 64 },
      ctx.caller,
    );
    expect(snapshot / tokens(JSON.stringify(tree.tree))).toBeLessThanOrEqual(0.25);
  });

  it('answers every region read in at most 200 tokens', async () => {
    // Give the region reads something to find: focus in the editor and its Find dialog.
    await toolText('ui_focus', { target: { automationId: 'editor.text' } });
    await toolText('ui_click', { target: { name: 'Find', controlType: 'Button' } });
    const { windows } = await app.handlers['windows.list']({ includeMinimized: true }, ctx.caller);
    const counts: number[] = [];
    for (const w of windows) {
      for (const region of Region.options) {
        const r = await app.handlers['regions.read']({ region, window: w.ref }, ctx.caller);
        if (r.found) counts.push(tokens(await toolText('ui_read', { region, window: w.ref })));
      }
    }
    expect(counts.length).toBeGreaterThan(5);
    expect(Math.max(...counts)).toBeLessThanOrEqual(200);
  });

  it('answers a window screenshot in at most 1,700 tokens, text and image', async () => {
    const shot = await toolAnswer('ui_screenshot', { window: 'Editor' });
    // The answer's first words give the image's size: `800x600 png of {...}`.
    const [width, height] = (/^(\d+)x(\d+) /.exec(shot.text) ?? []).slice(1).map(Number);
    expect(width, shot.text).toBeGreaterThan(0);
    const image = Math.ceil(((width ?? 0) * (height ?? 0)) / 750);
    expect(tokens(shot.text) + image).toBeLessThanOrEqual(1_700);
  });

  it('answers each action in at most 150 tokens', async () => {
    const steps: [string, object][] = [
      ['ui_type', { target: { automationId: 'editor.text' }, text: 'The quick brown fox.' }],
      ['ui_press_keys', { target: { automationId: 'editor.text' }, keys: 'Ctrl+S' }],
      ['ui_set_value', { target: { automationId: 'saveas.name' }, value: 'bench.txt' }],
      ['ui_click', { target: { automationId: 'saveas.save' } }],
      ['ui_invoke', { target: { automationId: 'settings.notifications' }, pattern: 'Toggle' }],
      ['ui_scroll', { target: { automationId: 'grid.table' }, direction: 'down', amount: 5 }],
    ];
    for (const [tool, args] of steps) {
      expect(tokens(await toolText(tool, args)), tool).toBeLessThanOrEqual(150);
    }
  });
});
