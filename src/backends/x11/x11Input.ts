/**
 * A person's keyboard and mouse input on an X display, through RECORD: one connection holds
 * the recording context (control), a second one receives the intercepted events (data), as
 * RECORD requires. Replies are drained from a short timer (XRecordProcessReplies never
 * blocks), so the event loop that answers reads is never held by the X connection. Modifier
 * keys are tracked here (device events carry no reliable state) and never reported alone.
 */
import { Observable } from 'rxjs';
import { BackendUnavailableError } from '../../errors.js';
import type { Modifier, MouseButton, ObservedInput } from '../backend.js';
import { keyName, keysymText, modifierOf } from './x11Keys.js';
import {
  BUTTON_PRESS,
  BUTTON_RELEASE,
  KEY_PRESS,
  KEY_RELEASE,
  loadX11Record,
  type X11RecordLib,
} from './x11RecordLib.js';

const POLL_MS = 5;
const BUTTONS: Readonly<Record<number, MouseButton>> = { 1: 'left', 2: 'middle', 3: 'right' };
const MODIFIER_ORDER: readonly Modifier[] = ['ctrl', 'alt', 'shift', 'meta'];

/** Watch the input of the display named in `env.DISPLAY` until `signal` aborts. */
export function watchX11Input(
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Observable<ObservedInput> {
  return new Observable<ObservedInput>((subscriber) => {
    if (!env.DISPLAY || env.XDG_SESSION_TYPE === 'wayland') {
      subscriber.error(new BackendUnavailableError('no X display: input cannot be recorded'));
      return undefined;
    }
    let session: RecordSession;
    try {
      session = new RecordSession(loadX11Record(), env.DISPLAY, (input) => subscriber.next(input));
    } catch (err) {
      subscriber.error(err);
      return undefined;
    }
    const end = (): void => subscriber.complete();
    signal.addEventListener('abort', end, { once: true });
    return () => {
      signal.removeEventListener('abort', end);
      session.stop();
    };
  });
}

class RecordSession {
  private readonly control: unknown;
  private readonly data: unknown;
  private readonly context: number;
  private readonly timer: NodeJS.Timeout;
  private readonly held = new Set<Modifier>();

  constructor(
    private readonly lib: X11RecordLib,
    display: string,
    private readonly emit: (input: ObservedInput) => void,
  ) {
    const control = lib.open(display);
    const data = lib.open(display);
    const fail = (why: string): never => {
      if (control !== null) lib.close(control);
      if (data !== null) lib.close(data);
      throw new BackendUnavailableError(why);
    };
    if (control === null || data === null) fail(`cannot open X display ${display} to record input`);
    if (!lib.queryVersion(control)) fail('the X server has no RECORD extension');
    const context = lib.createContext(control);
    lib.sync(control);
    if (context === 0 || !lib.enableAsync(data, context, (b) => this.onEvent(b))) {
      fail('the X server refused a RECORD context');
    }
    lib.flush(data);
    this.control = control;
    this.data = data;
    this.context = context;
    this.timer = setInterval(() => lib.processReplies(data), POLL_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.lib.disable(this.control, this.context);
    this.lib.free(this.control, this.context);
    this.lib.sync(this.control);
    this.lib.close(this.control);
    this.lib.close(this.data);
  }

  private onEvent(event: Uint8Array): void {
    const type = (event[0] ?? 0) & 0x7f;
    const detail = event[1] ?? 0;
    if (type === BUTTON_PRESS || type === BUTTON_RELEASE) {
      const button = BUTTONS[detail];
      if (button === undefined) return; // wheel steps (4-7) are not recorded
      const view = new DataView(event.buffer, event.byteOffset, event.byteLength);
      const x = view.getInt16(20, true);
      const y = view.getInt16(22, true);
      this.emit({ kind: 'button', pressed: type === BUTTON_PRESS, button, x, y });
    } else if (type === KEY_PRESS || type === KEY_RELEASE) {
      this.onKey(detail, type === KEY_PRESS);
    }
  }

  private onKey(keycode: number, pressed: boolean): void {
    const base = this.lib.keysym(this.control, keycode, 0);
    const baseName = this.lib.keysymName(base);
    if (baseName === null) return;
    const modifier = modifierOf(baseName);
    if (modifier !== undefined) {
      if (pressed) this.held.add(modifier);
      else this.held.delete(modifier);
      return;
    }
    const modifiers = MODIFIER_ORDER.filter((m) => this.held.has(m));
    const shifted = this.held.has('shift') ? this.lib.keysym(this.control, keycode, 1) : base;
    const chord = modifiers.some((m) => m !== 'shift');
    const text = chord ? undefined : keysymText(shifted || base);
    const input: ObservedInput = { kind: 'key', pressed, key: keyName(baseName, base), modifiers };
    this.emit(text === undefined ? input : { ...input, text });
  }
}
