/**
 * X11 input through xdotool (installed by scripts/desktop/install.sh): raw keys, typing and the
 * mouse, plus the few window operations AT-SPI has no method for (focus and close a top-level).
 * Arguments are validated before anything runs; xdotool gets an argv, never a shell line.
 */
import { execFile } from 'node:child_process';
import type { InputAction, KeyCombo, MouseButton } from '../backend.js';
import { pointerArrival, X11Keyboard } from '../x11/index.js';
import {
  abortError,
  ActionFailedError,
  InvalidParamsError,
  NotSupportedError,
} from '../../errors.js';

const XDOTOOL_DEADLINE_MS = 5_000;
/** How long one move may take to show in the server's pointer position, and how many moves. */
const MOVE_WAIT_MS = 400;
const MOVE_ATTEMPTS = 2;
/**
 * Pause between typed keys. One burst (1 ms) loses keys in apps that handle each key with work
 * (a calculator re-evaluating); at 12 ms a key, a 100-character text takes 1.2 s.
 */
export const KEY_DELAY_MS = 12;

const NAMED_KEYS: Record<string, string> = {
  enter: 'Return',
  tab: 'Tab',
  escape: 'Escape',
  backspace: 'BackSpace',
  delete: 'Delete',
  home: 'Home',
  end: 'End',
  pageup: 'Prior',
  pagedown: 'Next',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  space: 'space',
  insert: 'Insert',
};

const SYMBOL_KEYS: Record<string, string> = {
  ' ': 'space',
  ',': 'comma',
  '.': 'period',
  '/': 'slash',
  ';': 'semicolon',
  "'": 'apostrophe',
  '[': 'bracketleft',
  ']': 'bracketright',
  '-': 'minus',
  '=': 'equal',
  '\\': 'backslash',
  '`': 'grave',
  '!': 'exclam',
  '?': 'question',
  ':': 'colon',
  '+': 'plus',
  '*': 'asterisk',
};

const MODIFIER_KEYS = { ctrl: 'ctrl', alt: 'alt', shift: 'shift', meta: 'super' } as const;
const BUTTONS: Record<MouseButton, string> = { left: '1', middle: '2', right: '3' };

/** The xdotool key name of one combo, e.g. ctrl+s; invalid_params for unknown keys. */
export function keysymOf(combo: KeyCombo): string {
  const { key } = combo;
  let name: string | undefined;
  if (/^[A-Za-z0-9]$/.test(key)) name = key;
  else if (/^F([1-9]|1\d|2[0-4])$/.test(key)) name = key;
  else name = NAMED_KEYS[key.toLowerCase()] ?? SYMBOL_KEYS[key];
  if (name === undefined) throw new InvalidParamsError(`unknown key: ${JSON.stringify(key)}`);
  return [...combo.modifiers.map((m) => MODIFIER_KEYS[m]), name].join('+');
}

function finiteInt(value: number, what: string): string {
  if (!Number.isFinite(value)) throw new InvalidParamsError(`${what} must be a finite number`);
  return String(Math.round(value));
}

/**
 * The xdotool argv of one input action (invalid_params for bad input). Clicks and wheels move without `--sync`: it waits for the
 * pointer to move and hung until the deadline when it already stood there (the second click on
 * a button at the same spot, once a dialog the first one opened had closed again); the X server
 * handles XTest requests in order, so the click lands at the new position anyway.
 */
export function xdotoolArgs(action: InputAction): string[] {
  switch (action.kind) {
    case 'keys':
      if (action.combos.length === 0) throw new InvalidParamsError('no keys given');
      return ['key', '--clearmodifiers', ...action.combos.map(keysymOf)];
    case 'text':
      return ['type', '--delay', String(KEY_DELAY_MS), '--', action.text];
    case 'move':
      // Waited on by reading the pointer back (XInput.input), not with --sync.
      return ['mousemove', finiteInt(action.x, 'x'), finiteInt(action.y, 'y')];
    case 'click': {
      const count = Number.isInteger(action.count) && action.count >= 1 && action.count <= 3;
      if (!count) throw new InvalidParamsError('count must be 1, 2 or 3');
      const at = ['mousemove', finiteInt(action.x, 'x'), finiteInt(action.y, 'y')];
      return [...at, 'click', '--repeat', String(action.count), BUTTONS[action.button]];
    }
    case 'wheel':
      return wheelArgs(action);
    case 'button':
      return buttonArgs(action);
  }
}

/**
 * Press or release a button where it is: modifiers go down before the button and come up after
 * it, so the app sees them held for the whole drag.
 */
function buttonArgs(action: Extract<InputAction, { kind: 'button' }>): string[] {
  const at = ['mousemove', finiteInt(action.x, 'x'), finiteInt(action.y, 'y')];
  const button = BUTTONS[action.button];
  if (button === undefined) throw new InvalidParamsError('unknown mouse button');
  const keys = (action.modifiers ?? []).map((m) => MODIFIER_KEYS[m]);
  if (keys.some((k) => k === undefined)) throw new InvalidParamsError('unknown modifier');
  if (action.down)
    return [...at, ...(keys.length ? ['keydown', ...keys] : []), 'mousedown', button];
  return [...at, 'mouseup', button, ...(keys.length ? ['keyup', ...keys.reverse()] : [])];
}

/**
 * The xdotool runs that type `text`: characters paced per key, newlines and tabs as Return and
 * Tab key presses (`xdotool type` drops newlines: "A\nB" would arrive as "AB").
 */
export function typingRuns(text: string): string[][] {
  const runs: string[][] = [];
  for (const part of text.split(/(\r\n|\n|\t)/)) {
    if (part === '') continue;
    if (part === '\t') runs.push(['key', '--clearmodifiers', 'Tab']);
    else if (part === '\n' || part === '\r\n') runs.push(['key', '--clearmodifiers', 'Return']);
    else runs.push(['type', '--delay', String(KEY_DELAY_MS), '--', part]);
  }
  return runs;
}

/** Every xdotool run of an input action, in order. */
export function xdotoolRuns(action: InputAction): string[][] {
  return action.kind === 'text' ? typingRuns(action.text) : [xdotoolArgs(action)];
}

function wheelArgs(action: Extract<InputAction, { kind: 'wheel' }>): string[] {
  const at = ['mousemove', finiteInt(action.x, 'x'), finiteInt(action.y, 'y')];
  const dy = Number(finiteInt(action.dy, 'dy'));
  const dx = Number(finiteInt(action.dx, 'dx'));
  const clicks: string[] = [];
  if (dy !== 0) clicks.push('click', '--repeat', String(Math.abs(dy)), dy > 0 ? '5' : '4');
  if (dx !== 0) clicks.push('click', '--repeat', String(Math.abs(dx)), dx > 0 ? '7' : '6');
  if (clicks.length === 0) throw new InvalidParamsError('a wheel action needs dx or dy');
  return [...at, ...clicks];
}

/** Runs xdotool against one X display; text goes through the X11 keyboard (any layout). */
export class XInput {
  /** The tail of the runs in flight: there is one keyboard, so runs never interleave. */
  private lane: Promise<unknown> = Promise.resolve();
  private readonly keyboard: X11Keyboard;

  constructor(private readonly env: NodeJS.ProcessEnv) {
    this.keyboard = new X11Keyboard(env);
  }

  /**
   * Type text whatever the layout (x11Typing.ts), after every run already queued. `handled`
   * resolves once the focused app has handled the keys sent so far.
   */
  typeText(text: string, signal: AbortSignal, handled: () => Promise<void>): Promise<void> {
    const next = this.lane.then(async () => {
      if (signal.aborted) throw abortError(signal);
      if (!this.available) throw new NotSupportedError('no X display for raw input');
      try {
        await this.keyboard.type(text, { signal, keyDelayMs: KEY_DELAY_MS, handled });
      } catch (err) {
        if (signal.aborted) throw abortError(signal);
        throw err;
      }
    });
    this.lane = next.catch(() => undefined);
    return next;
  }

  get available(): boolean {
    return typeof this.env.DISPLAY === 'string' && this.env.DISPLAY !== '';
  }

  /** Run xdotool after every run already queued, and return its stdout. */
  run(args: readonly string[], signal: AbortSignal): Promise<string> {
    const next = this.lane.then(() => this.runNow(args, signal));
    this.lane = next.catch(() => undefined);
    return next;
  }

  private runNow(args: readonly string[], signal: AbortSignal): Promise<string> {
    if (signal.aborted) return Promise.reject(abortError(signal));
    if (!this.available) return Promise.reject(new NotSupportedError('no X display for raw input'));
    return new Promise((resolve, reject) => {
      execFile(
        'xdotool',
        [...args],
        { env: this.env, timeout: XDOTOOL_DEADLINE_MS, signal },
        (err, stdout, stderr) => {
          if (signal.aborted) reject(abortError(signal));
          else if (err)
            reject(
              new ActionFailedError(
                `xdotool ${args[0] ?? ''} failed: ${stderr.trim() || err.message}`,
              ),
            );
          else resolve(stdout);
        },
      );
    });
  }

  async input(action: InputAction, signal: AbortSignal): Promise<void> {
    if (action.kind === 'move') return this.moveAndArrive(action, signal);
    for (const args of xdotoolRuns(action)) await this.run(args, signal);
  }

  /**
   * Move, and answer once the X server has the pointer there (or, held by a grab that confines
   * it, has moved it as far as it goes): the next motion is then sent after this one was
   * delivered, which GTK's drag needs. A move that does not show is sent again; one that never
   * shows leaves the pointer where the server keeps it, and the action's effect check decides.
   */
  private async moveAndArrive(
    action: Extract<InputAction, { kind: 'move' }>,
    signal: AbortSignal,
  ): Promise<void> {
    const display = this.env.DISPLAY ?? '';
    const target = { x: Math.round(action.x), y: Math.round(action.y) };
    const { at: from } = await pointerArrival(display, target, 0, signal);
    for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt++) {
      await this.run(xdotoolArgs(action), signal);
      const seen = await pointerArrival(display, target, MOVE_WAIT_MS, signal, from);
      if (seen.arrived) return;
    }
  }

  /** The pointer's position now (xdotool getmouselocation). */
  async pointer(signal: AbortSignal): Promise<{ x: number; y: number }> {
    const out = await this.run(['getmouselocation', '--shell'], signal);
    const x = /^X=(-?\d+)$/m.exec(out)?.[1];
    const y = /^Y=(-?\d+)$/m.exec(out)?.[1];
    if (x === undefined || y === undefined)
      throw new ActionFailedError(`xdotool gave no pointer position: ${out.trim()}`);
    return { x: Number(x), y: Number(y) };
  }

  /** X window ids of an app's visible top-level windows with exactly this title. */
  async findWindows(
    pid: number,
    title: string,
    signal: AbortSignal,
    visibleOnly = true,
  ): Promise<string[]> {
    const pattern = `^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
    const visible = visibleOnly ? ['--onlyvisible'] : [];
    try {
      const out = await this.run(
        ['search', '--all', ...visible, '--pid', String(pid), '--name', pattern],
        signal,
      );
      return out.split('\n').filter((line) => /^\d+$/.test(line));
    } catch (err) {
      // xdotool search exits 1 when nothing matched.
      if (err instanceof ActionFailedError) return [];
      throw err;
    }
  }
}
