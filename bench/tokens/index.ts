/**
 * Token cost of what the MCP tools show the model, counted with a real tokenizer
 * (gpt-tokenizer, o200k_base) on the default simulated desktop: ui_snapshot of every window
 * next to a plain JSON dump of the same tree (tree.get), every region read, action results, and
 * the tool definitions themselves. Prints one JSON line with the figures, the ratios and whether
 * the targets hold: region reads <= 200 tokens, the editor's snapshot <= 1/4 of its JSON dump, an
 * action result <= 150 tokens, the default profile's definitions <= 4,000 tokens (every listed
 * parameter described, short enums declared), its tools/list
 * answer <= 24 KB, and no finding from the official MCP Inspector CLI's `--strict` report.
 * A screenshot's result (ui_screenshot of the editor at the default size, plain and with marks)
 * counts its text with the tokenizer and its image as Anthropic's vision docs price one
 * (width x height / 750, the image being within their 1,568 px bound); target: the plain
 * window screenshot, text and image, <= 1,700 tokens.
 * The scripted agent task on a real GTK editor (gtk-task.ts; needs the headless desktop) prints
 * its calls and tokens beside the committed baseline of the server before; targets: fewer of
 * both, and every answer true.
 */
import { encode } from 'gpt-tokenizer';
import { Region } from '../../protocol/src/index.js';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { runTool } from '../../src/mcp/run-tool.js';
import { defaultTools } from '../../src/mcp/tools/index.js';
import type { ToolContext } from '../../src/mcp/types.js';
import { inspectorSupported, strictToolsList } from '../../test/mcp-conformance/inspector.js';
import { atMost, exactly, printLine } from '../targets.js';
import { definitionFigures } from './definitions.js';
import { AGENT_TASK_BASELINE, gtkAgentTask } from './gtk-task.js';

const tokens = (text: string): number => encode(text).length;
const round = (n: number): number => Math.round(n * 1000) / 1000;

function context(app: App): ToolContext {
  return {
    deps: { handlers: app.handlers, config: app.config, cache: app.cache },
    caller: { clientId: 'bench-tokens', signal: AbortSignal.timeout(60_000) },
  };
}

async function toolText(ctx: ToolContext, name: string, args: object): Promise<string> {
  const tool = defaultTools.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  const r = await runTool(tool, args, ctx);
  const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  if (r.isError === true) throw new Error(`${name} failed: ${text}`);
  return text;
}

async function windowFigures(app: App, ctx: ToolContext) {
  const { windows } = await app.handlers['windows.list']({ includeMinimized: true }, ctx.caller);
  const out = [];
  for (const w of windows) {
    const snapshot = tokens(await toolText(ctx, 'ui_snapshot', { window: w.ref }));
    const tree = await app.handlers['tree.get']({ window: w.ref, depth: 64 }, ctx.caller);
    const json = tokens(JSON.stringify(tree.tree));
    out.push({ app: w.app, title: w.title, snapshot, json, ratio: round(snapshot / json) });
  }
  return out;
}

async function regionFigures(app: App, ctx: ToolContext, windowRefs: string[]) {
  const out = [];
  for (const window of windowRefs) {
    for (const region of Region.options) {
      const r = await app.handlers['regions.read']({ region, window }, ctx.caller);
      if (!r.found) continue;
      out.push({
        window,
        region,
        tokens: tokens(await toolText(ctx, 'ui_read', { region, window })),
      });
    }
  }
  return out;
}

async function actionFigures(ctx: ToolContext) {
  const steps: [string, object][] = [
    ['ui_type', { target: { automationId: 'editor.text' }, text: 'The quick brown fox.' }],
    ['ui_press_keys', { target: { automationId: 'editor.text' }, keys: 'Ctrl+S' }],
    ['ui_set_value', { target: { automationId: 'saveas.name' }, value: 'bench.txt' }],
    ['ui_click', { target: { automationId: 'saveas.save' } }],
    ['ui_invoke', { target: { automationId: 'settings.notifications' }, pattern: 'Toggle' }],
    ['ui_scroll', { target: { automationId: 'grid.table' }, direction: 'down', amount: 5 }],
  ];
  const out = [];
  for (const [tool, args] of steps)
    out.push({ tool, tokens: tokens(await toolText(ctx, tool, args)) });
  return out;
}

/** Image tokens as Anthropic prices an image that needs no downscaling: w * h / 750. */
const imageTokens = (width: number, height: number): number => Math.ceil((width * height) / 750);

async function screenshotFigures(ctx: ToolContext) {
  const tool = defaultTools.find((t) => t.name === 'ui_screenshot');
  if (tool === undefined) throw new Error('no tool ui_screenshot');
  const out = [];
  for (const marks of [false, true]) {
    const r = await runTool(tool, { window: 'Editor', marks }, ctx);
    if (r.isError === true) throw new Error(`ui_screenshot failed: ${JSON.stringify(r.content)}`);
    const shown = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    const text = tokens(shown);
    // The answer's first words give the image's size: `800x600 png of {...}`.
    const [width, height] = (/^(\d+)x(\d+) /.exec(shown) ?? []).slice(1).map(Number);
    if (width === undefined || height === undefined) throw new Error(`no size in: ${shown}`);
    const image = imageTokens(width, height);
    out.push({ marks, width, height, text, image, total: text + image });
  }
  return out;
}

/** The scripted agent task on the GTK editor fixture, beside its committed baseline. */
async function agentTaskFigures() {
  try {
    const r = await gtkAgentTask();
    const { calls, tokens: spent, errors, log } = r.run;
    const answersTrue = r.answers.filter((a) => a.true).length;
    const baseline = AGENT_TASK_BASELINE;
    return { calls, tokens: spent, errors, answers: r.answers.length, answersTrue, baseline, log };
  } catch (err) {
    process.stderr.write(`GTK agent task could not run: ${String(err)}\n`);
    return null;
  }
}

/** Findings (warnings + errors) of the Inspector's --strict report; null when it cannot run. */
async function inspectorFindings(): Promise<number | null> {
  if (!inspectorSupported()) return null;
  const run = await strictToolsList(
    [process.execPath, 'bin/uistream.js', 'mcp', '--backend', 'sim'],
    300_000,
  );
  if (run.code !== 0 || run.result === null) {
    process.stderr.write(`MCP Inspector failed (exit ${String(run.code)}):\n${run.report}\n`);
    return null;
  }
  return run.warnings + run.errors;
}

async function main(): Promise<void> {
  const definitions = definitionFigures(defaultTools);
  const inspector = await inspectorFindings();
  const agentTask = await agentTaskFigures();
  const app = await createApp(loadConfig({ backend: 'sim' }));
  try {
    const ctx = context(app);
    const windows = await windowFigures(app, ctx);
    // Give the region reads something to find: focus in the editor and its modeless Find dialog.
    await toolText(ctx, 'ui_focus', { target: { automationId: 'editor.text' } });
    await toolText(ctx, 'ui_click', { target: { name: 'Find', controlType: 'Button' } });
    const refs = (
      await app.handlers['windows.list']({ includeMinimized: true }, ctx.caller)
    ).windows.map((w) => w.ref);
    const regions = await regionFigures(app, ctx, refs);
    const screenshots = await screenshotFigures(ctx);
    const actions = await actionFigures(ctx);
    const plainShot = screenshots.find((x) => !x.marks);
    const editor = windows.find((w) => w.app === 'editor');
    const regionMax = Math.max(...regions.map((r) => r.tokens));
    const actionMax = Math.max(...actions.map((a) => a.tokens));
    const line = {
      bench: 'tokens',
      tokenizer: 'gpt-tokenizer o200k_base',
      windows,
      regions: { count: regions.length, max: regionMax, reads: regions },
      actions: { max: actionMax, results: actions },
      screenshots,
      definitions: { ...definitions, inspectorStrictFindings: inspector },
      agentTask,
      targets: {
        regionReadsMax: atMost(regionMax, 200, ' tokens'),
        editorSnapshotToJson: atMost(editor?.ratio, 0.25, 'x'),
        actionResultMax: atMost(actionMax, 150, ' tokens'),
        windowScreenshotTokens: atMost(plainShot?.total, 1700, ' tokens'),
        toolDefinitionTokens: atMost(definitions.tokens, 4000, ' tokens'),
        toolsListBytes: atMost(definitions.listBytes, 24 * 1024, ' bytes'),
        inspectorStrictFindings: exactly(inspector, 0),
        agentTaskCalls: atMost(agentTask?.calls, AGENT_TASK_BASELINE.calls - 1),
        agentTaskTokens: atMost(agentTask?.tokens, AGENT_TASK_BASELINE.tokens - 1, ' tokens'),
        agentTaskAnswersWrong: exactly(
          agentTask === null ? null : agentTask.answers - agentTask.answersTrue,
          0,
        ),
      },
    };
    printLine(line);
  } finally {
    await app.stop();
  }
}

await main();
