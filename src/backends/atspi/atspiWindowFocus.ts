/**
 * Window-level operations and keyboard focus on AT-SPI apps, with no window manager assumed:
 * xdotool closes, unmaps and maps X windows and gives them the X focus, and Component.GrabFocus
 * focuses an element inside its focused window (a click on a text field where the toolkit has
 * no GrabFocus).
 */
import type { BackendId } from '../backend.js';
import { ActionFailedError, NotSupportedError } from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';
import { delay } from './atspiConnect.js';
import { actionPolicyOf } from './atspiActionPolicy.js';
import { refOf } from './atspiIds.js';
import { clickElement, topLevelOf, xWindowOf, type RealInputDeps } from './atspiRealInput.js';
import { hasState, isTextRole, STATE_BIT } from './atspiRoles.js';

const A = 'org.a11y.atspi.';
/** Pauses before re-grabbing focus: the app takes the X focus-in in its own time. */
const FOCUS_BACKOFF_MS = [0, 15, 40, 100, 250] as const;

export class AtspiWindowFocus {
  constructor(private readonly deps: RealInputDeps) {}

  /**
   * No window manager is assumed. Close destroys the X window (GTK treats that like a delete
   * request); minimize unmaps it and restore maps it again, which GTK reports as iconified and
   * back; maximize needs a window manager.
   */
  async windowOp(ref: ObjectRef, op: string, signal: AbortSignal): Promise<void> {
    const command = { close: 'windowclose', minimize: 'windowunmap', restore: 'windowmap' }[op];
    if (command === undefined) {
      throw new NotSupportedError(`window ${op} needs a window manager; none is assumed`);
    }
    const wid = await xWindowOf(this.deps, ref, signal, op !== 'restore');
    await this.deps.x.run([command, wid], signal);
  }

  /** Focus a top-level window's X window (no window manager: XSetInputFocus). */
  async activateWindow(id: BackendId, signal: AbortSignal): Promise<void> {
    const ref = refOf(id);
    await this.deps.reader.call(ref, 'Accessible', 'GetRole', signal);
    const wid = await xWindowOf(this.deps, ref, signal);
    await this.deps.x.run(['windowraise', wid, 'windowfocus', '--sync', wid], signal);
  }

  /**
   * Focus the element's window, then the element (GTK only focuses inside an active window).
   * The app handles the X focus-in in its own time and a grab made before it may not stick, so
   * the grab is repeated with growing pauses while the element is not focused. Whether focus
   * really landed is for the caller to confirm from focus events: a toolkit that reports the
   * state late (Gecko) is not failed here.
   */
  async focus(id: BackendId, signal: AbortSignal): Promise<void> {
    const ref = refOf(id);
    const { toolkit } = await this.deps.reader.app(ref[0], signal);
    const { grabFocus, windowRelativeExtents } = actionPolicyOf(toolkit.name, toolkit.version);
    if (!grabFocus) return this.focusByClick(ref, signal, windowRelativeExtents);
    await this.focusWindowOf(ref, signal);
    for (const pause of FOCUS_BACKOFF_MS) {
      if (pause > 0) await delay(pause, signal);
      const [grabbed] = await this.deps.reader.call(ref, 'Component', 'GrabFocus', signal);
      if (grabbed === false)
        throw new ActionFailedError('GrabFocus was refused by the application');
      if (await this.hasStateBit(ref, STATE_BIT.FOCUSED, signal)) return;
    }
  }

  /**
   * Focus where the toolkit has no GrabFocus: a click on a text field places the caret and
   * nothing else; on any other element a click would act, so it is refused.
   */
  private async focusByClick(ref: ObjectRef, signal: AbortSignal, relative?: boolean) {
    const [role, interfaces] = await Promise.all([
      this.deps.reader.role(ref, signal),
      this.deps.reader.interfaces(ref, signal),
    ]);
    const text = isTextRole(role) || interfaces.includes(A + 'EditableText');
    if (
      text &&
      this.deps.x.available &&
      (await clickElement(this.deps, ref, role, signal, relative))
    )
      return;
    throw new NotSupportedError(
      'this toolkit has no Component.GrabFocus, and only a text field on screen is focused by a click',
      { details: { reason: 'no_grab_focus' } },
    );
  }

  /** Give the X focus to the element's window: without a window manager several may claim ACTIVE. */
  async focusWindowOf(ref: ObjectRef, signal: AbortSignal): Promise<void> {
    if (!this.deps.x.available) return;
    const top = await topLevelOf(this.deps.reader, ref, signal);
    const wid = await xWindowOf(this.deps, top, signal).catch(() => undefined);
    if (wid !== undefined) await this.deps.x.run(['windowfocus', '--sync', wid], signal);
  }

  private async hasStateBit(ref: ObjectRef, bit: number, signal: AbortSignal): Promise<boolean> {
    const [words] = await this.deps.reader.call(ref, 'Accessible', 'GetState', signal);
    return hasState((words ?? []) as number[], bit);
  }
}
