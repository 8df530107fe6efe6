/**
 * The scripted agent task on a real GTK 3 editor (test/fixtures/gtk/editor_app.py) under a
 * headless desktop: the server runs as `uistream mcp --backend atspi` (stdio, the real CLI) in
 * the desktop's environment, and the agent is an MCP SDK client. Every answer's claims are
 * checked from outside right after it (answer-truth.ts); the beliefs the agent ends with are
 * checked against what the app itself wrote to its state file and to disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startDesktop } from '../../scripts/desktop/session.js';
import {
  runAgentTask,
  type AgentPath,
  type AgentRun,
  type CallTool,
  type TaskSpec,
} from './agent-task.js';
import { AnswerChecker, type AppState, type Claim } from './answer-truth.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = join(ROOT, 'test/fixtures/gtk/editor_app.py');

/**
 * The server as it was before action answers carried the opened dialog's form and before
 * `submit` was verified by its effect: "today's" path runs against it, in the same run.
 */
export const TODAY_COMMIT = '6fee75a';

export interface GtkTaskResult {
  run: AgentRun;
  /** Each claim of each answer, checked from outside right after it. */
  claims: Claim[];
  /** Each belief of the agent at the end and whether the app agrees. */
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

function answers(run: AgentRun, spec: TaskSpec, state: AppState): GtkTaskResult['answers'] {
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

/** The CLI of this tree, or of `commit` unpacked into `dir` (sharing this node_modules). */
function cliOf(commit: string | undefined, dir: string): string {
  if (commit === undefined) return join(ROOT, 'src/cli.ts');
  const tree = join(dir, 'server');
  mkdirSync(tree);
  const archive = execFileSync('git', ['-C', ROOT, 'archive', commit], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  return join(tree, 'src/cli.ts');
}

async function connect(client: Client, cli: string, env: NodeJS.ProcessEnv): Promise<CallTool> {
  const clean = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const args = ['--import', 'tsx', cli, 'mcp', '--backend', 'atspi', '--quiet'];
  await client.connect(new StdioClientTransport({ command: process.execPath, args, env: clean }));
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
  return call;
}

/**
 * Run the task once on a fresh desktop along `path`: `today` against the server at
 * TODAY_COMMIT, `improved` against this tree's.
 */
export async function gtkAgentTask(path: AgentPath): Promise<GtkTaskResult> {
  const desktop = await startDesktop();
  // A prefix no other program uses: the typed path completes to this folder alone, not to a
  // popup of every temporary folder on the machine.
  const dir = mkdtempSync(join(tmpdir(), 'fixture-editor-'));
  const client = new Client({ name: 'scripted-agent', version: '1.0.0' });
  let checker: AnswerChecker | undefined;
  try {
    const cli = cliOf(path === 'today' ? TODAY_COMMIT : undefined, dir);
    const statePath = join(dir, 'state.json');
    const app = desktop.launch('/usr/bin/python3', [FIXTURE, statePath]);
    const call = await connect(client, cli, desktop.env);
    const spec: TaskSpec = {
      window: 'Fixture Editor',
      path: join(dir, 'notes.txt'),
      text: 'Hello from a scripted agent',
      saveAsKeys: 'Ctrl+Shift+S',
      settingsButton: 'Preferences',
      settingsTitle: 'Preferences',
      setting: 'Wrap lines',
      closeButton: 'Close',
    };
    const outside = new AnswerChecker(desktop.env, app.pid, statePath, spec);
    checker = outside;
    const run = await runAgentTask(call, spec, path, (c) => outside.check(c));
    return { run, claims: outside.claims, answers: answers(run, spec, outside.state()) };
  } finally {
    await client.close();
    await checker?.stop();
    await desktop.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
