/**
 * Pattern operations onto AT-SPI interfaces: Action.DoAction (Invoke, Toggle, ExpandCollapse),
 * EditableText (Value), Value.CurrentValue (RangeValue), the parent's Selection (SelectionItem),
 * scroll bars' Value (Scroll), Component (focus, ScrollItem), and xdotool for what AT-SPI has no
 * method for (focusing and closing a top-level window). Support is checked first, from the same
 * role/state/interface mapping the reads use, so a missing pattern is pattern_not_supported.
 */
import dbus from 'dbus-next';
import type { BackendId, PatternAction } from '../backend.js';
import {
  ActionFailedError,
  ElementStaleError,
  InvalidParamsError,
  NotSupportedError,
  PatternNotSupportedError,
} from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';
import type { AtspiReader } from './atspiFetch.js';
import type { XInput } from './atspiInput.js';
import { asString, isAppRoot, isNullRef, refOf } from './atspiIds.js';
import { hasState, patternsOf, ROLE, STATE_BIT } from './atspiRoles.js';

const A = 'org.a11y.atspi.';
const MAX_ANCESTORS = 64;
const FOCUS_ATTEMPTS = 10;

interface Facts {
  ref: ObjectRef;
  role: number;
  words: number[];
  interfaces: string[];
  parent: ObjectRef;
}

export class AtspiActions {
  constructor(
    private readonly reader: AtspiReader,
    private readonly x: XInput,
    private readonly pidOf: (busName: string, signal: AbortSignal) => Promise<number | undefined>,
  ) {}

  private async facts(id: BackendId, signal: AbortSignal): Promise<Facts> {
    const ref = refOf(id);
    if (isAppRoot(ref)) throw new ElementStaleError(`${id} is an application, not an element`);
    const [[role], [words], [interfaces], [parent]] = await Promise.all([
      this.reader.call(ref, 'Accessible', 'GetRole', signal),
      this.reader.call(ref, 'Accessible', 'GetState', signal),
      this.reader.call(ref, 'Accessible', 'GetInterfaces', signal),
      this.reader.bus.call(
        {
          dest: ref[0],
          path: ref[1],
          iface: 'org.freedesktop.DBus.Properties',
          member: 'Get',
          signature: 'ss',
          body: [A + 'Accessible', 'Parent'],
        },
        signal,
      ),
    ]);
    const parentRef = ((parent as { value?: unknown } | undefined)?.value ?? ['', '']) as ObjectRef;
    return {
      ref,
      role: Number(role),
      words: (words ?? []) as number[],
      interfaces: (interfaces ?? []) as string[],
      parent: parentRef,
    };
  }

  async perform(id: BackendId, action: PatternAction, signal: AbortSignal): Promise<void> {
    const f = await this.facts(id, signal);
    const parentSelects =
      action.pattern === 'SelectionItem' && (await this.parentSelects(f, signal));
    if (!patternsOf(f.role, f.words, f.interfaces, parentSelects).includes(action.pattern)) {
      throw new PatternNotSupportedError(`${action.pattern} is not supported by ${id}`);
    }
    switch (action.pattern) {
      case 'Invoke':
        return this.doAction(f, ['click', 'press', 'activate', 'jump'], signal);
      case 'Toggle':
        return this.doAction(f, ['toggle', 'click', 'press', 'activate'], signal);
      case 'ExpandCollapse':
        return this.expandCollapse(f, action.op, signal);
      case 'Value':
        return this.setText(f, action.value, signal);
      case 'RangeValue':
        return this.setRange(f, action.value, signal);
      case 'SelectionItem':
        return this.select(f, action.op, signal);
      case 'Scroll':
        return this.scroll(f, action.direction, action.amount, signal);
      case 'ScrollItem':
        return this.expectTrue(
          this.reader.call(f.ref, 'Component', 'ScrollTo', signal, 'u', [6]),
          'ScrollTo',
        );
      case 'Window':
        return this.windowOp(f, action.op, signal);
    }
  }

  private async parentSelects(f: Facts, signal: AbortSignal): Promise<boolean> {
    if (isNullRef(f.parent) || isAppRoot(f.parent)) return false;
    const [interfaces] = await this.reader.call(f.parent, 'Accessible', 'GetInterfaces', signal);
    return ((interfaces ?? []) as string[]).includes(A + 'Selection');
  }

  private async doAction(
    f: Facts,
    preferred: readonly string[],
    signal: AbortSignal,
  ): Promise<void> {
    const [list] = await this.reader.call(f.ref, 'Action', 'GetActions', signal);
    const names = ((list ?? []) as [string, string, string][]).map((a) => a[0].toLowerCase());
    if (names.length === 0) throw new PatternNotSupportedError('the element has no actions');
    const found = preferred.map((p) => names.indexOf(p)).find((i) => i >= 0);
    await this.expectTrue(
      this.reader.call(f.ref, 'Action', 'DoAction', signal, 'i', [found ?? 0]),
      'DoAction',
    );
  }

  private async expandCollapse(
    f: Facts,
    op: 'expand' | 'collapse',
    signal: AbortSignal,
  ): Promise<void> {
    const expanded = hasState(f.words, STATE_BIT.EXPANDED);
    if (expanded === (op === 'expand')) return;
    await this.doAction(f, ['expand or contract', 'activate', 'press', 'click'], signal);
  }

  private async setText(f: Facts, value: string, signal: AbortSignal): Promise<void> {
    if (!hasState(f.words, STATE_BIT.EDITABLE))
      throw new ActionFailedError('the text field is read-only');
    await this.expectTrue(
      this.reader.call(f.ref, 'EditableText', 'SetTextContents', signal, 's', [value]),
      'SetTextContents',
    );
  }

  private async setRange(f: Facts, value: number, signal: AbortSignal): Promise<void> {
    const all = await this.reader.getAll(f.ref, 'Value', signal);
    const min = Number(all.MinimumValue?.value ?? 0);
    const max = Number(all.MaximumValue?.value ?? 0);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new InvalidParamsError(`value must be a number within [${min}, ${max}]`);
    }
    const variant = new dbus.Variant('d', value);
    await this.reader.bus.call(
      {
        dest: f.ref[0],
        path: f.ref[1],
        iface: 'org.freedesktop.DBus.Properties',
        member: 'Set',
        signature: 'ssv',
        body: [A + 'Value', 'CurrentValue', variant],
      },
      signal,
    );
  }

  private async select(
    f: Facts,
    op: 'select' | 'add' | 'remove',
    signal: AbortSignal,
  ): Promise<void> {
    const [index] = await this.reader.call(f.ref, 'Accessible', 'GetIndexInParent', signal);
    if (isNullRef(f.parent) || !(await this.parentSelects(f, signal))) {
      if (op === 'remove') throw new PatternNotSupportedError('the container cannot deselect');
      return this.doAction(f, ['activate', 'click', 'press'], signal);
    }
    const member = op === 'remove' ? 'DeselectChild' : 'SelectChild';
    if (op === 'select')
      await this.reader
        .call(f.parent, 'Selection', 'ClearSelection', signal)
        .catch(() => undefined);
    await this.expectTrue(
      this.reader.call(f.parent, 'Selection', member, signal, 'i', [Number(index)]),
      member,
    );
  }

  private async scroll(
    f: Facts,
    direction: string,
    amount: number,
    signal: AbortSignal,
  ): Promise<void> {
    if (!Number.isFinite(amount) || amount <= 0)
      throw new InvalidParamsError('amount must be a positive number');
    const vertical = direction === 'up' || direction === 'down';
    const bars = await this.reader.children(f.ref, signal);
    for (const bar of bars) {
      const [[role], [words]] = await Promise.all([
        this.reader.call(bar, 'Accessible', 'GetRole', signal),
        this.reader.call(bar, 'Accessible', 'GetState', signal),
      ]);
      const orientation = hasState((words ?? []) as number[], vertical ? 29 : 14);
      if (Number(role) !== ROLE.SCROLL_BAR || !orientation) continue;
      const all = await this.reader.getAll(bar, 'Value', signal);
      const [cur, min, max] = ['CurrentValue', 'MinimumValue', 'MaximumValue'].map((k) =>
        Number(all[k]?.value ?? 0),
      );
      const page = Math.max((max! - min!) / 10, 1);
      const sign = direction === 'down' || direction === 'right' ? 1 : -1;
      const target = Math.min(max!, Math.max(min!, cur! + sign * page * amount));
      const variant = new dbus.Variant('d', target);
      await this.reader.bus.call(
        {
          dest: bar[0],
          path: bar[1],
          iface: 'org.freedesktop.DBus.Properties',
          member: 'Set',
          signature: 'ssv',
          body: [A + 'Value', 'CurrentValue', variant],
        },
        signal,
      );
      return;
    }
    throw new PatternNotSupportedError('no scroll bar in that direction');
  }

  /**
   * No window manager is assumed. Close destroys the X window (GTK treats that like a delete
   * request); minimize unmaps it and restore maps it again, which GTK reports as iconified and
   * back; maximize needs a window manager.
   */
  private async windowOp(f: Facts, op: string, signal: AbortSignal): Promise<void> {
    const command = { close: 'windowclose', minimize: 'windowunmap', restore: 'windowmap' }[op];
    if (command === undefined) {
      throw new NotSupportedError(`window ${op} needs a window manager; none is assumed`);
    }
    const wid = await this.xWindowOf(f.ref, signal, op !== 'restore');
    await this.x.run([command, wid], signal);
  }

  /** Focus a top-level window's X window (no window manager: XSetInputFocus). */
  async activate(id: BackendId, signal: AbortSignal): Promise<void> {
    const ref = refOf(id);
    await this.reader.call(ref, 'Accessible', 'GetRole', signal);
    const wid = await this.xWindowOf(ref, signal);
    await this.x.run(['windowraise', wid, 'windowfocus', '--sync', wid], signal);
  }

  /** Focus the element's window, then the element (GTK only focuses inside an active window). */
  async focus(id: BackendId, signal: AbortSignal): Promise<void> {
    const ref = refOf(id);
    const top = await this.topLevelOf(ref, signal);
    // Without a window manager several windows may claim ACTIVE: always give the X focus.
    const wid = await this.xWindowOf(top, signal).catch(() => undefined);
    if (wid !== undefined) await this.x.run(['windowfocus', '--sync', wid], signal);
    // The app handles the X focus-in in its own time and that may land after the first grab
    // (each call is a main-loop turn of the app): grab until it sticks, a bounded number of times.
    for (let attempt = 0; attempt < FOCUS_ATTEMPTS; attempt++) {
      await this.expectTrue(this.reader.call(ref, 'Component', 'GrabFocus', signal), 'GrabFocus');
      if (await this.hasStateBit(ref, STATE_BIT.FOCUSED, signal)) return;
    }
    throw new ActionFailedError('the element did not keep keyboard focus');
  }

  private async hasStateBit(ref: ObjectRef, bit: number, signal: AbortSignal): Promise<boolean> {
    const [words] = await this.reader.call(ref, 'Accessible', 'GetState', signal);
    return hasState((words ?? []) as number[], bit);
  }

  private async topLevelOf(ref: ObjectRef, signal: AbortSignal): Promise<ObjectRef> {
    let current = ref;
    for (let i = 0; i < MAX_ANCESTORS; i++) {
      const [parent] = await this.reader.bus.call(
        {
          dest: current[0],
          path: current[1],
          iface: 'org.freedesktop.DBus.Properties',
          member: 'Get',
          signature: 'ss',
          body: [A + 'Accessible', 'Parent'],
        },
        signal,
      );
      const next = ((parent as { value?: unknown } | undefined)?.value ?? ['', '']) as ObjectRef;
      if (isNullRef(next) || isAppRoot(next)) return current;
      current = next;
    }
    throw new ActionFailedError('the element is nested too deeply to find its window');
  }

  private async xWindowOf(
    ref: ObjectRef,
    signal: AbortSignal,
    visibleOnly = true,
  ): Promise<string> {
    const pid = await this.pidOf(ref[0], signal);
    const all = await this.reader.getAll(ref, 'Accessible', signal);
    const title = asString(all.Name?.value);
    if (pid === undefined) throw new ActionFailedError('the window’s process is unknown');
    const [wid] = await this.x.findWindows(pid, title, signal, visibleOnly);
    if (wid === undefined)
      throw new ActionFailedError(`no visible X window titled ${JSON.stringify(title)}`);
    return wid;
  }

  private async expectTrue(call: Promise<unknown[]>, what: string): Promise<void> {
    const [ok] = await call;
    if (ok === false) throw new ActionFailedError(`${what} was refused by the application`);
  }
}
