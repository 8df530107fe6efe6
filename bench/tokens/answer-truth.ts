/**
 * Every claim an answer makes, checked from outside the server right after the answer and
 * before the agent acts again: windows said opened, closed or named against the X server's
 * top-level windows (Xlib, test/fixtures/x11/xtoplevels.py), focus said moved against an
 * independent AT-SPI read (pyatspi, test/fixtures/x11/atspiFocus.py), and an ok that claims an
 * effect (a save, a checked box, a closed dialog) against what the app itself wrote to its
 * state file and to disk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  LineReader,
  readFocus,
  type Focused,
  type XRead,
} from '../../scripts/harness/windowTruth.js';
import type { LoggedCall, TaskSpec } from './agent-task.js';

const script = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const X_READER = script('../../test/fixtures/x11/xtoplevels.py');
const FOCUS_READER = script('../../test/fixtures/x11/atspiFocus.py');

/** What the app itself did, from its state file (test/fixtures/gtk/editor_app.py). */
export interface AppState {
  saved: string | null;
  wrap: boolean;
  preferencesOpen: boolean;
}

/** One claim of one answer and what the outside read saw. */
export interface Claim {
  call: number;
  tool: string;
  claim: string;
  seen: string;
  true: boolean;
}

/** The AT-SPI role names a cache role is read as (GTK 3). */
const ROLES: Record<string, string[]> = {
  edit: ['text', 'entry', 'password text'],
  checkbox: ['check box'],
  button: ['push button', 'toggle button'],
};

function quoted(s: string): string {
  return JSON.stringify(s);
}

export class AnswerChecker {
  private readonly x: LineReader;
  private readonly focus: LineReader;
  readonly claims: Claim[] = [];

  constructor(
    env: NodeJS.ProcessEnv,
    private readonly pid: number,
    private readonly statePath: string,
    private readonly spec: TaskSpec,
  ) {
    this.x = new LineReader(X_READER, env);
    this.focus = new LineReader(FOCUS_READER, env);
  }

  state(): AppState {
    return JSON.parse(readFileSync(this.statePath, 'utf8')) as AppState;
  }

  private async xTitles(): Promise<string[]> {
    const read = await this.x.ask<XRead>('read');
    return read.windows.filter((w) => w.pid === this.pid).map((w) => w.title);
  }

  private focused(): Promise<Focused> {
    return readFocus(this.focus, this.pid);
  }

  private calls = 0;

  private add(call: LoggedCall, claim: string, seen: string, holds: boolean): void {
    this.claims.push({ call: this.calls, tool: call.tool, claim, seen, true: holds });
  }

  /** Check the claims of one answer against the desktop as it is now. */
  async check(call: LoggedCall): Promise<void> {
    this.calls++;
    const [titles, focus] = await Promise.all([this.xTitles(), this.focused()]);
    const shown = `X: ${titles.map(quoted).join(', ')}`;
    if (call.tool === 'ui_list_windows') {
      const listed = [...call.text.matchAll(/^- "((?:[^"\\]|\\.)*)" \[w\d+\]/gm)].map((m) => m[1]);
      const same = JSON.stringify([...listed].sort()) === JSON.stringify([...titles].sort());
      this.add(call, `windows ${listed.map((t) => quoted(t ?? '')).join(', ')}`, shown, same);
    }
    if (call.isError) {
      this.add(call, `error: ${call.text.split('\n')[0] ?? ''}`, shown, this.errorTrue(call));
      return;
    }
    this.windowClaims(call, titles, shown);
    this.focusClaim(call, focus);
    this.effectClaims(call);
  }

  private windowClaims(call: LoggedCall, titles: string[], shown: string): void {
    const opened = [...call.text.matchAll(/opened "((?:[^"\\]|\\.)*)" \[(w\d+)\]/g)];
    const closed = [...call.text.matchAll(/closed "((?:[^"\\]|\\.)*)" \[(w\d+)\]/g)];
    const closedRefs = new Set(closed.map((m) => m[2]));
    const openedRefs = new Set(opened.map((m) => m[2]));
    for (const [, title = '', ref] of opened) {
      // A popup that came and went within the action (a completion list) is not on screen.
      if (closedRefs.has(ref)) continue;
      this.add(call, `opened ${quoted(title)}`, shown, titles.includes(title));
    }
    for (const [, title = '', ref] of closed) {
      if (openedRefs.has(ref)) continue;
      this.add(call, `closed ${quoted(title)}`, shown, !titles.includes(title));
    }
    const named = /^window "((?:[^"\\]|\\.)*)" \[w\d+\]/m.exec(call.text)?.[1];
    if (named !== undefined)
      this.add(call, `window ${quoted(named)}`, shown, titles.includes(named));
  }

  private focusClaim(call: LoggedCall, focus: Focused): void {
    const m = /focus -> (\w+) "((?:[^"\\]|\\.)*)" \[ref=e\d+\]/.exec(call.text);
    if (m === null) return;
    const [, role = '', name = ''] = m;
    const roles = ROLES[role];
    const holds = focus.some(
      (f) => f.name === name && (roles === undefined || roles.includes(f.role)),
    );
    const seen = `AT-SPI focused: ${focus.map((f) => `${f.role} ${quoted(f.name)} in ${quoted(f.window)}`).join(', ') || 'nothing'}`;
    this.add(call, `focus -> ${role} ${quoted(name)}`, seen, holds);
  }

  /** An ok answer that claims the task's effects: the app must have done them. */
  private effectClaims(call: LoggedCall): void {
    const state = this.state();
    if (call.text.includes('closed "Save As"')) {
      const content =
        state.saved !== null && existsSync(state.saved) ? readFileSync(state.saved, 'utf8') : null;
      const holds = state.saved === this.spec.path && content === this.spec.text;
      this.add(
        call,
        `saved ${this.spec.path}`,
        `saved=${String(state.saved)} content=${quoted(content ?? '')}`,
        holds,
      );
    }
    if (call.text.includes(`"${this.spec.setting}" [checked]`) && call.tool === 'ui_click') {
      this.add(call, `${this.spec.setting} checked`, `wrap=${String(state.wrap)}`, state.wrap);
    }
    if (call.text.includes(`closed "${this.spec.settingsTitle}"`)) {
      const holds = !state.preferencesOpen;
      this.add(
        call,
        `${this.spec.settingsTitle} closed`,
        `open=${String(state.preferencesOpen)}`,
        holds,
      );
    }
  }

  /** An error is true when its action had no effect: nothing saved for a failed Save As. */
  private errorTrue(call: LoggedCall): boolean {
    const state = this.state();
    if (call.tool === 'ui_type' && call.args.submit === true) return state.saved === null;
    return true;
  }

  async stop(): Promise<void> {
    await Promise.all([this.x.stop(), this.focus.stop()]);
  }
}
