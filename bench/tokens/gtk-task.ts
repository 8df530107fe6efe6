/**
 * The scripted agent task on a real GTK 3 editor (test/fixtures/gtk/editor_app.py) under a
 * headless desktop: the server runs as `uistream mcp --backend atspi` (stdio, the real CLI) in
 * the desktop's environment, and the agent is an MCP SDK client. Each belief the agent ends
 * with is checked against what the app itself wrote to its state file and to disk.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startDesktop } from '../../scripts/desktop/session.js';
import { runAgentTask, type AgentRun, type CallTool, type TaskSpec } from './agent-task.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/gtk/editor_app.py', import.meta.url));
const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

/**
 * The same task against the server as it was at 3df1d6f, before hidden subtrees were left out,
 * the dialog region read as a form and structuredContent made opt-in: 16 calls in each of four
 * runs, 12,267 to 12,305 tokens (median below). The agent needed a snapshot of the file chooser
 * (the dialog region lacked its Name field and Save button) and one of the Preferences dialog.
 */
export const AGENT_TASK_BASELINE = { commit: '3df1d6f', calls: 16, tokens: 12_294 } as const;

interface AppState {
  saved: string | null;
  wrap: boolean;
  preferencesOpen: boolean;
}

export interface GtkTaskResult {
  run: AgentRun;
  /** Each belief of the agent and whether the app agrees. */
  answers: { question: string; believed: unknown; actual: unknown; true: boolean }[];
}

/** Image tokens as Anthropic prices an image within its bounds: w * h / 750 (PNG sizes). */
function imageTokens(content: { type: string; data?: string }[]): number {
  let total = 0;
  for (const c of content) {
    if (c.type !== 'image' || c.data === undefined) continue;
    const head = Buffer.from(c.data.slice(0, 44), 'base64');
    total += Math.ceil((head.readUInt32BE(16) * head.readUInt32BE(20)) / 750);
  }
  return total;
}

function toolCaller(client: Client): CallTool {
  return async (name, args) => {
    const r = await client.callTool({ name, arguments: args });
    const content = r.content as { type: string; text?: string; data?: string }[];
    return {
      text: content.map((c) => c.text ?? '').join('\n'),
      structured: r.structuredContent,
      imageTokens: imageTokens(content),
      isError: r.isError === true,
    };
  };
}

function answers(run: AgentRun, spec: TaskSpec, dir: string): GtkTaskResult['answers'] {
  const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as AppState;
  const content = state.saved === null ? null : readFileSync(state.saved, 'utf8');
  const title = `${basename(spec.path)} - ${spec.window}`;
  const savedTruly = state.saved === spec.path && content === spec.text;
  return [
    {
      question: 'saved under the typed path (window title)',
      believed: run.beliefs.savedTitle,
      actual: savedTruly ? title : `saved=${String(state.saved)}`,
      true: savedTruly && run.beliefs.savedTitle === title,
    },
    {
      question: 'setting on',
      believed: run.beliefs.settingChecked,
      actual: state.wrap,
      true: run.beliefs.settingChecked === state.wrap && state.wrap,
    },
    {
      question: 'setting dialog closed',
      believed: run.beliefs.dialogClosed,
      actual: !state.preferencesOpen,
      true: run.beliefs.dialogClosed === !state.preferencesOpen,
    },
  ];
}

/** Run the task once on a fresh desktop; `serverArgs` are extra `uistream mcp` flags. */
export async function gtkAgentTask(serverArgs: string[] = []): Promise<GtkTaskResult> {
  const desktop = await startDesktop();
  const dir = mkdtempSync(join(tmpdir(), 'uistream-agent-'));
  const client = new Client({ name: 'scripted-agent', version: '1.0.0' });
  try {
    desktop.launch('/usr/bin/python3', [FIXTURE, join(dir, 'state.json')]);
    const env = Object.fromEntries(
      Object.entries(desktop.env).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const args = ['--import', 'tsx', CLI, 'mcp', '--backend', 'atspi', '--quiet', ...serverArgs];
    await client.connect(new StdioClientTransport({ command: process.execPath, args, env }));
    const call = toolCaller(client);
    const window = 'Fixture Editor';
    const ready = await call('ui_wait_for', { condition: 'windowOpened', title: window });
    if (ready.isError) throw new Error(`the fixture did not open: ${ready.text}`);
    // Reads answer from the cache: it must hold the editor's contents before the agent looks.
    const filled = await call('ui_wait_for', {
      condition: 'appear',
      target: { name: 'Preferences', controlType: 'Button', window },
    });
    if (filled.isError) throw new Error(`the editor's toolbar never came: ${filled.text}`);
    const spec: TaskSpec = {
      window,
      path: join(dir, 'notes.txt'),
      text: 'Hello from a scripted agent',
      saveAsKeys: 'Ctrl+Shift+S',
      settingsButton: 'Preferences',
      settingsTitle: 'Preferences',
      setting: 'Wrap lines',
      closeButton: 'Close',
    };
    const run = await runAgentTask(call, spec);
    return { run, answers: answers(run, spec, dir) };
  } finally {
    await client.close();
    await desktop.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
