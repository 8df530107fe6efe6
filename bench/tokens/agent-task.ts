/**
 * A scripted agent doing an everyday task over MCP, the way a model would: read the window,
 * type, save with a typed path through the Save As dialog, change a setting in a dialog, close
 * it and verify the setting by opening the dialog again. It decides only from what the tools
 * answer (refs and states parsed from their text), falls back to a bigger read when a cheap one
 * lacks what it needs, and keeps every answer so each can be checked against the desktop.
 *
 * Two paths: `today` is what an agent had to do before action answers carried the form of the
 * dialog they opened and before `submit` was verified (a read after each opening, a click on
 * Save); `improved` uses the opened dialog's form from the answer and types the path with
 * `submit: true`. What it costs is what a host forwarding everything pays: text,
 * structuredContent and image tokens (o200k_base).
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

export type AgentPath = 'today' | 'improved';

/** What the agent believed at the end, to be checked against the app's own state. */
export interface AgentBeliefs {
  /** The editor's title after saving, as the tools reported it. */
  savedTitle: string;
  /** The setting's check state read in the dialog opened again after closing it. */
  settingChecked: boolean;
  /** Whether the setting's dialog was seen closed at the end. */
  dialogClosed: boolean;
}

export interface LoggedCall {
  tool: string;
  args: Record<string, unknown>;
  tokens: number;
  text: string;
  isError: boolean;
}

export interface AgentRun {
  path: AgentPath;
  calls: number;
  tokens: number;
  /** Calls whose answer was an error. */
  errors: number;
  beliefs: AgentBeliefs;
  log: LoggedCall[];
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

/** Called after every tool answer, before the agent acts again (an outside check). */
export type AfterCall = (call: LoggedCall) => Promise<void>;

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

/** The title an action answer names as its window (`window "T" [w1]`), if any. */
function answerWindow(answer: string): string | undefined {
  return /^window "((?:[^"\\]|\\.)*)" \[w\d+\]/m.exec(answer)?.[1];
}

class Agent {
  calls = 0;
  tokens = 0;
  errors = 0;
  readonly log: LoggedCall[] = [];

  constructor(
    private readonly call: CallTool,
    readonly path: AgentPath,
    private readonly after?: AfterCall,
  ) {}

  async use(tool: string, args: Record<string, unknown>): Promise<string> {
    const r = await this.call(tool, args);
    const cost = tokens(r);
    this.calls++;
    this.tokens += cost;
    if (r.isError) this.errors++;
    const logged = { tool, args, tokens: cost, text: r.text, isError: r.isError };
    this.log.push(logged);
    if (process.env.AGENT_TRACE === '1')
      process.stderr.write(`> ${tool} ${JSON.stringify(args)}\n${r.text}\n`);
    await this.after?.(logged);
    return r.text;
  }

  /** Wait for a window unless the action's answer already said it opened. */
  async opened(answer: string, title: string): Promise<void> {
    if (answer.includes(`opened "${title}`)) return;
    await this.use('ui_wait_for', { condition: 'windowOpened', title, timeoutMs: 10_000 });
  }

  /** Wait for a window to close unless the action's answer already said it closed. */
  async closed(answer: string, title: string): Promise<boolean> {
    if (answer.includes(`closed "${title}"`)) return true;
    const waited = await this.use('ui_wait_for', { condition: 'windowClosed', title });
    return waited.startsWith('windowClosed');
  }

  /**
   * The dialog's lines: on the improved path the form the opening answer carried, else the
   * cheap region read, else the dialog's snapshot; when none has it yet (a dialog still filling
   * in), wait for `awaited` to appear and take the snapshot again.
   */
  async dialog(
    opening: string,
    title: string,
    need: (text: string) => boolean,
    awaited: string,
  ): Promise<string> {
    if (this.path === 'improved' && need(opening)) return opening;
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

/** Type the name and submit: Enter verified (improved), or a click on Save (today). */
async function submitName(agent: Agent, form: string, name: string, path: string) {
  if (agent.path === 'improved') {
    const args = { target: { ref: name }, text: path, clearFirst: true, submit: true };
    return agent.use('ui_type', args);
  }
  await agent.use('ui_type', { target: { ref: name }, text: path, clearFirst: true });
  return agent.use('ui_click', { target: { ref: must(refIn(form, 'button', 'Save'), 'Save') } });
}

/** Type into the editor and save it through Save As with a typed path; the title after. */
async function saveAs(agent: Agent, spec: TaskSpec): Promise<string> {
  const main = await agent.use('ui_snapshot', { window: spec.window });
  const editor = must(refIn(main, 'edit') ?? refIn(main, 'document'), 'the text area');
  await agent.use('ui_type', { target: { ref: editor }, text: spec.text });
  const keys = await agent.use('ui_press_keys', { keys: spec.saveAsKeys });
  await agent.opened(keys, 'Save As');
  const hasFields = (t: string): boolean =>
    refIn(t, 'button', 'Save') !== undefined && refIn(t, 'edit') !== undefined;
  const form = await agent.dialog(keys, 'Save As', hasFields, 'Save');
  const name = must(labelledEdit(form, 'Name:') ?? refIn(form, 'edit'), 'the name field');
  const saved = await submitName(agent, form, name, spec.path);
  await agent.closed(saved, 'Save As');
  const said = answerWindow(saved);
  if (agent.path === 'improved' && said?.includes(spec.window) === true) return said;
  const windows = await agent.use('ui_list_windows', {});
  const line = windows.split('\n').find((l) => l.includes(spec.window)) ?? '';
  return /"([^"]*)"/.exec(line)?.[1] ?? '';
}

/** Open the settings dialog; its form (the checkbox and Close button lines). */
async function openSettings(agent: Agent, spec: TaskSpec): Promise<string> {
  const opening = await agent.use('ui_click', {
    target: { name: spec.settingsButton, controlType: 'Button' },
  });
  await agent.opened(opening, spec.settingsTitle);
  const hasSetting = (t: string): boolean =>
    refIn(t, 'checkbox', spec.setting) !== undefined &&
    refIn(t, 'button', spec.closeButton) !== undefined;
  return agent.dialog(opening, spec.settingsTitle, hasSetting, spec.setting);
}

async function closeSettings(agent: Agent, spec: TaskSpec, form: string): Promise<boolean> {
  const close = must(refIn(form, 'button', spec.closeButton), `the ${spec.closeButton} button`);
  const closing = await agent.use('ui_click', { target: { ref: close } });
  return agent.closed(closing, spec.settingsTitle);
}

/**
 * Turn the setting on (trusting the click's answer when it says the box is checked), close
 * the dialog, open it again and read the setting there, close it.
 */
async function changeSetting(agent: Agent, spec: TaskSpec): Promise<[boolean, boolean]> {
  const form = await openSettings(agent, spec);
  const box = must(refIn(form, 'checkbox', spec.setting), `the "${spec.setting}" check box`);
  const clicked = await agent.use('ui_click', { target: { ref: box } });
  if (!clicked.includes(`${box} "${spec.setting}" [checked]`)) {
    throw new Error(`the click's answer does not say "${spec.setting}" is checked`);
  }
  if (!(await closeSettings(agent, spec, form))) return [false, false];
  const again = await openSettings(agent, spec);
  const line = again.split('\n').find((l) => l.includes(`"${spec.setting}" [ref=`)) ?? '';
  const checked = line.includes('[checked]');
  return [checked, await closeSettings(agent, spec, again)];
}

/** Run the whole task; beliefs are what the agent concluded from the answers. */
export async function runAgentTask(
  call: CallTool,
  spec: TaskSpec,
  path: AgentPath,
  after?: AfterCall,
): Promise<AgentRun> {
  const agent = new Agent(call, path, after);
  const savedTitle = await saveAs(agent, spec);
  const [settingChecked, dialogClosed] = await changeSetting(agent, spec);
  return {
    path,
    calls: agent.calls,
    tokens: agent.tokens,
    errors: agent.errors,
    beliefs: { savedTitle, settingChecked, dialogClosed },
    log: agent.log,
  };
}
