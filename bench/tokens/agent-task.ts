/**
 * A scripted agent doing an everyday task over MCP, the way a model would: read the window,
 * type, save with a typed path through the Save As dialog, change a setting in a dialog and
 * verify it. It decides only from what the tools answer (refs and states parsed from their
 * text), falls back to a bigger read when a cheap one lacks what it needs, and records every
 * answer it believed so a test can check each against the app itself. What it costs is what a
 * host forwarding everything pays: text, structuredContent and image tokens (o200k_base).
 */
import { encode } from 'gpt-tokenizer';

/** One tool answer as a host receives it. */
export interface ToolReply {
  text: string;
  /** structuredContent when the server sent one. */
  structured?: unknown;
  /** Image tokens of the answer's images (Anthropic's w*h/750). */
  imageTokens: number;
  isError: boolean;
}

export type CallTool = (name: string, args: Record<string, unknown>) => Promise<ToolReply>;

/** What the agent believed at the end, to be checked against the app's own state. */
export interface AgentBeliefs {
  /** The editor's title after saving, as the tools reported it. */
  savedTitle: string;
  /** The setting's check state after the agent changed it, as a read reported it. */
  settingChecked: boolean;
  /** Whether the setting's dialog was seen closed at the end. */
  dialogClosed: boolean;
}

export interface AgentRun {
  calls: number;
  tokens: number;
  /** Calls whose answer was an error. */
  errors: number;
  beliefs: AgentBeliefs;
  log: { tool: string; tokens: number }[];
}

/** What the task works on: the editor's window title part, the path typed, the setting. */
export interface TaskSpec {
  window: string;
  path: string;
  text: string;
  /** Keys that open Save As. */
  saveAsKeys: string;
  /** The toolbar button that opens the setting's dialog. */
  settingsButton: string;
  settingsTitle: string;
  setting: string;
  closeButton: string;
}

const tokens = (r: ToolReply): number =>
  encode(r.text).length +
  (r.structured === undefined ? 0 : encode(JSON.stringify(r.structured)).length) +
  r.imageTokens;

/** The ref of the first line of `role` (and name, when given) in snapshot-style text. */
export function refIn(text: string, role: string, name?: string): string | undefined {
  for (const line of text.split('\n')) {
    const m = /^\s*- (\w+)(?: "((?:[^"\\]|\\.)*)")? \[ref=(e\d+)\]/.exec(line);
    if (m === null || m[1] !== role) continue;
    if (name !== undefined && m[2] !== name) continue;
    return m[3];
  }
  return undefined;
}

/** The ref of an unnamed edit followed (or preceded) by a label line naming it. */
function labelledEdit(text: string, label: string): string | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]?.includes(`text "${label}"`)) continue;
    for (const near of [lines[i - 1], lines[i + 1]]) {
      const ref = near !== undefined ? refIn(near, 'edit') : undefined;
      if (ref !== undefined) return ref;
    }
  }
  return undefined;
}

class Agent {
  calls = 0;
  tokens = 0;
  errors = 0;
  readonly log: AgentRun['log'] = [];

  constructor(private readonly call: CallTool) {}

  async use(tool: string, args: Record<string, unknown>): Promise<string> {
    const r = await this.call(tool, args);
    const cost = tokens(r);
    this.calls++;
    this.tokens += cost;
    if (r.isError) this.errors++;
    this.log.push({ tool, tokens: cost });
    if (process.env.AGENT_TRACE === '1')
      process.stderr.write(`> ${tool} ${JSON.stringify(args)}\n${r.text}\n`);
    return r.text;
  }

  /** Wait for a window unless the action's answer already said it opened. */
  async opened(answer: string, title: string): Promise<void> {
    if (answer.includes(`opened "${title}`)) return;
    await this.use('ui_wait_for', { condition: 'windowOpened', title, timeoutMs: 10_000 });
  }

  /**
   * The dialog's lines: the cheap region read, or the dialog's snapshot when it lacks what the
   * agent needs; when neither has it yet (a dialog still filling in), wait for `awaited` to
   * appear and take the snapshot again.
   */
  async dialog(title: string, need: (text: string) => boolean, awaited: string): Promise<string> {
    const region = await this.use('ui_read', { region: 'dialog' });
    if (need(region)) return region;
    const snapshot = await this.use('ui_snapshot', { window: title });
    if (need(snapshot)) return snapshot;
    await this.use('ui_wait_for', {
      condition: 'appear',
      target: { name: awaited, window: title },
    });
    return this.use('ui_snapshot', { window: title });
  }
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the agent could not find ${what}`);
  return value;
}

/** Type into the editor and save it through Save As with a typed path. */
async function saveAs(agent: Agent, spec: TaskSpec): Promise<string> {
  const main = await agent.use('ui_snapshot', { window: spec.window });
  const editor = must(refIn(main, 'edit') ?? refIn(main, 'document'), 'the text area');
  await agent.use('ui_type', { target: { ref: editor }, text: spec.text });
  const keys = await agent.use('ui_press_keys', { keys: spec.saveAsKeys });
  await agent.opened(keys, 'Save As');
  const hasFields = (t: string): boolean =>
    refIn(t, 'button', 'Save') !== undefined && refIn(t, 'edit') !== undefined;
  const form = await agent.dialog('Save As', hasFields, 'Save');
  const name = must(labelledEdit(form, 'Name:') ?? refIn(form, 'edit'), 'the name field');
  await agent.use('ui_type', { target: { ref: name }, text: spec.path, clearFirst: true });
  const save = must(refIn(form, 'button', 'Save'), 'the Save button');
  const saved = await agent.use('ui_click', { target: { ref: save } });
  if (!saved.includes('closed "Save As"')) {
    await agent.use('ui_wait_for', { condition: 'windowClosed', title: 'Save As' });
  }
  const windows = await agent.use('ui_list_windows', {});
  const line = windows.split('\n').find((l) => l.includes(spec.window)) ?? '';
  return /"([^"]*)"/.exec(line)?.[1] ?? '';
}

/** Open the settings dialog, turn the setting on, verify it, close the dialog. */
async function changeSetting(agent: Agent, spec: TaskSpec): Promise<[boolean, boolean]> {
  const opened = await agent.use('ui_click', {
    target: { name: spec.settingsButton, controlType: 'Button' },
  });
  await agent.opened(opened, spec.settingsTitle);
  const hasSetting = (t: string): boolean =>
    refIn(t, 'checkbox', spec.setting) !== undefined &&
    refIn(t, 'button', spec.closeButton) !== undefined;
  const form = await agent.dialog(spec.settingsTitle, hasSetting, spec.setting);
  const box = must(refIn(form, 'checkbox', spec.setting), `the "${spec.setting}" check box`);
  const close = must(refIn(form, 'button', spec.closeButton), `the ${spec.closeButton} button`);
  await agent.use('ui_click', { target: { ref: box } });
  const lineOf = (t: string): string | undefined =>
    t.split('\n').find((l) => l.includes(`[ref=${box}]`));
  const after = await agent.dialog(
    spec.settingsTitle,
    (t) => lineOf(t) !== undefined,
    spec.setting,
  );
  const checked = lineOf(after)?.includes('[checked]') === true;
  const closing = await agent.use('ui_click', { target: { ref: close } });
  let closed = closing.includes(`closed "${spec.settingsTitle}"`);
  if (!closed) {
    const waited = await agent.use('ui_wait_for', {
      condition: 'windowClosed',
      title: spec.settingsTitle,
    });
    closed = waited.startsWith('windowClosed');
  }
  return [checked, closed];
}

/** Run the whole task; beliefs are what the agent concluded from the answers. */
export async function runAgentTask(call: CallTool, spec: TaskSpec): Promise<AgentRun> {
  const agent = new Agent(call);
  const savedTitle = await saveAs(agent, spec);
  const [settingChecked, dialogClosed] = await changeSetting(agent, spec);
  return {
    calls: agent.calls,
    tokens: agent.tokens,
    errors: agent.errors,
    beliefs: { savedTitle, settingChecked, dialogClosed },
    log: agent.log,
  };
}
