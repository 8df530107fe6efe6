/**
 * Pattern operations onto AT-SPI interfaces: Action.DoAction (Invoke, Toggle, ExpandCollapse),
 * EditableText (Value), Value.CurrentValue (RangeValue), the parent's Selection (SelectionItem),
 * scroll bars' Value (Scroll), Component (ScrollItem); window operations and focus are
 * atspiWindowFocus.ts's. Support is checked first, from the same role/state/interface mapping
 * the reads use, so a missing pattern is pattern_not_supported.
 * Each toolkit's known hazards (atspiActionPolicy.ts) decide between the platform's action and
 * real input, and properties are read one `Get` at a time (never `GetAll`).
 */
import type { BackendEvent, BackendId, PatternAction, PatternPerformed } from '../backend.js';
import {
  ActionFailedError,
  ElementStaleError,
  InvalidParamsError,
  PatternNotSupportedError,
} from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';
import { delay } from './atspiConnect.js';
import type { AtspiReader } from './atspiFetch.js';
import type { XInput } from './atspiInput.js';
import { actionPolicyOf, prefersRealInput, type ActionPolicy } from './atspiActionPolicy.js';
import { isAppRoot, isNullRef, refOf } from './atspiIds.js';
import { readRange } from './atspiProps.js';
import { clickElement, parentOf, type RealInputDeps } from './atspiRealInput.js';
import { hasState, isToggleRole, patternsOf, STATE_BIT } from './atspiRoles.js';
import { scrollContainer, scrollIntoView, setValueProperty } from './atspiScroll.js';
import { AtspiWindowFocus } from './atspiWindowFocus.js';

const A = 'org.a11y.atspi.';

interface Facts {
  ref: ObjectRef;
  role: number;
  words: number[];
  interfaces: string[];
  policy: ActionPolicy;
  /** The action names, read in parallel for patterns that may run one. */
  names: Promise<string[]> | undefined;
}

const ACTING = new Set<PatternAction['pattern']>(['Invoke', 'Toggle', 'ExpandCollapse']);

const VIA_INPUT: PatternPerformed = { via: 'input', detail: 'click' };

export class AtspiActions {
  private readonly deps: RealInputDeps;
  private readonly windows: AtspiWindowFocus;

  constructor(
    private readonly reader: AtspiReader,
    private readonly x: XInput,
    pidOf: (busName: string, signal: AbortSignal) => Promise<number | undefined>,
    /** Events an action learned of that the toolkit does not announce (a scroll's effect). */
    private readonly emit: (events: readonly BackendEvent[]) => void = () => undefined,
    xOrigin?: RealInputDeps['xOrigin'],
    scaleOf?: RealInputDeps['scaleOf'],
  ) {
    this.deps = { reader, x, pidOf };
    if (xOrigin !== undefined) this.deps.xOrigin = xOrigin;
    if (scaleOf !== undefined) this.deps.scaleOf = scaleOf;
    this.windows = new AtspiWindowFocus(this.deps);
  }

  /** The action policy of an app's toolkit (the app's toolkit is read once per app). */
  private async policyOf(busName: string, signal: AbortSignal): Promise<ActionPolicy> {
    const { toolkit } = await this.reader.app(busName, signal);
    return actionPolicyOf(toolkit.name, toolkit.version);
  }

  /**
   * Role, interfaces and action names from the reader's memo, states fresh: a known element
   * costs one round trip before its action, and a toggle none (its role says it toggles).
   */
  private async facts(
    id: BackendId,
    signal: AbortSignal,
    pattern: PatternAction['pattern'],
  ): Promise<Facts> {
    const ref = refOf(id);
    if (isAppRoot(ref)) throw new ElementStaleError(`${id} is an application, not an element`);
    const [role, interfaces, policy] = await Promise.all([
      this.reader.role(ref, signal),
      this.reader.interfaces(ref, signal),
      this.policyOf(ref[0], signal),
    ]);
    const acting = ACTING.has(pattern) && interfaces.includes(A + 'Action');
    const names = acting ? this.actionNames(ref, signal) : undefined;
    names?.catch(() => undefined);
    const statesMatter = pattern !== 'Toggle' || !isToggleRole(role);
    const [words] = statesMatter
      ? await this.reader.call(ref, 'Accessible', 'GetState', signal)
      : [[]];
    return { ref, role, words: (words ?? []) as number[], interfaces, policy, names };
  }

  private actionNames(ref: ObjectRef, signal: AbortSignal): Promise<string[]> {
    return this.reader.facts.actionsOf(ref, async () => {
      const [list] = await this.reader.call(ref, 'Action', 'GetActions', signal);
      return ((list ?? []) as [string, string, string][]).map((a) => a[0].toLowerCase());
    });
  }

  async perform(
    id: BackendId,
    action: PatternAction,
    signal: AbortSignal,
  ): Promise<PatternPerformed | void> {
    const f = await this.facts(id, signal, action.pattern);
    const parent =
      action.pattern === 'SelectionItem' ? await parentOf(this.reader, f.ref, signal) : undefined;
    const parentSelects = parent !== undefined && (await this.parentSelects(parent, signal));
    const supported = patternsOf(f.role, f.words, f.interfaces, parentSelects, f.policy.scrollTo);
    if (!supported.includes(action.pattern)) {
      throw new PatternNotSupportedError(`${action.pattern} is not supported by ${id}`);
    }
    switch (action.pattern) {
      case 'Invoke':
        return this.activate(f, ['click', 'press', 'activate', 'jump'], signal);
      case 'Toggle':
        return this.activate(f, ['toggle', 'click', 'press', 'activate'], signal);
      case 'ExpandCollapse':
        return this.expandCollapse(f, action.op, signal);
      case 'Value':
        return this.setText(f, action.value, signal);
      case 'RangeValue':
        return this.setRange(f, action.value, signal);
      case 'SelectionItem':
        return this.select(f, action.op, parentSelects ? parent : undefined, signal);
      case 'Scroll':
        return scrollContainer(this.reader, f.ref, action.direction, action.amount, signal);
      case 'ScrollItem':
        this.emit([await scrollIntoView(this.reader, f.ref, signal)]);
        return { via: 'pattern', detail: 'ScrollTo' };
      case 'Window':
        return this.windows.windowOp(f.ref, action.op, signal);
    }
  }

  private async parentSelects(parent: ObjectRef, signal: AbortSignal): Promise<boolean> {
    if (isNullRef(parent) || isAppRoot(parent)) return false;
    return (await this.reader.interfaces(parent, signal)).includes(A + 'Selection');
  }

  /** The element's activation: a real click where DoAction may wedge the app, else DoAction. */
  private async activate(
    f: Facts,
    preferred: readonly string[],
    signal: AbortSignal,
  ): Promise<PatternPerformed | void> {
    const real = prefersRealInput(f.policy, f.role) && this.x.available;
    const click = (): Promise<boolean> =>
      clickElement(this.deps, f.ref, f.role, signal, f.policy.windowRelativeExtents);
    if (real && (await click())) return VIA_INPUT;
    if (f.policy.clickWithoutActions && this.x.available) {
      const none = (await (f.names ?? this.actionNames(f.ref, signal))).length === 0;
      if (none && (await click())) return VIA_INPUT;
    }
    // Not on screen (a closed popover's item): the platform action, held to the reply budget.
    return this.doAction(f, preferred, signal);
  }

  /**
   * DoAction, answered once the app replies or the policy's reply budget passes: an action
   * handler that opens a dialog may not reply until the dialog closes, and the executor must not
   * be held by it (the effect is checked from the cache instead). A late reply is dropped.
   */
  private async doAction(
    f: Facts,
    preferred: readonly string[],
    signal: AbortSignal,
  ): Promise<void> {
    const names = await (f.names ?? this.actionNames(f.ref, signal));
    if (names.length === 0) throw new PatternNotSupportedError('the element has no actions');
    const found = preferred.map((p) => names.indexOf(p)).find((i) => i >= 0);
    if (f.policy.replylessRoles.has(f.role)) {
      await this.reader.call(f.ref, 'Action', 'DoAction', signal, 'i', [found ?? 0], true);
      return;
    }
    const reply = this.expectTrue(
      this.reader.call(f.ref, 'Action', 'DoAction', signal, 'i', [found ?? 0]),
      'DoAction',
    );
    // A refusal may mean the path now names another object: its memo is read afresh next time.
    reply.catch(() => this.reader.facts.forget(f.ref));
    const budget = new AbortController();
    const waited = delay(f.policy.replyBudgetMs, AbortSignal.any([signal, budget.signal])).catch(
      () => undefined,
    );
    try {
      await Promise.race([reply, waited]);
    } finally {
      budget.abort();
    }
  }

  private async expandCollapse(
    f: Facts,
    op: 'expand' | 'collapse',
    signal: AbortSignal,
  ): Promise<PatternPerformed | void> {
    const expanded = hasState(f.words, STATE_BIT.EXPANDED);
    if (expanded === (op === 'expand')) return;
    if (op === 'expand' && f.policy.focusBeforeExpand)
      await this.windows.focusWindowOf(f.ref, signal);
    return this.activate(f, ['expand or contract', 'activate', 'press', 'click'], signal);
  }

  private async setText(f: Facts, value: string, signal: AbortSignal): Promise<void> {
    if (!hasState(f.words, STATE_BIT.EDITABLE))
      throw new ActionFailedError('the text field is read-only');
    if (f.policy.setTextIgnored) {
      throw new PatternNotSupportedError(
        'this toolkit answers true to SetTextContents and ignores it',
        { details: { reason: 'ignored_by_toolkit' } },
      );
    }
    await this.expectTrue(
      this.reader.call(f.ref, 'EditableText', 'SetTextContents', signal, 's', [value]),
      'SetTextContents',
    );
  }

  private async setRange(f: Facts, value: number, signal: AbortSignal): Promise<void> {
    const { min, max } = await readRange(this.reader.bus, f.ref, signal);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new InvalidParamsError(`value must be a number within [${min}, ${max}]`);
    }
    await setValueProperty(this.reader, f.ref, value, signal);
  }

  /** Through the parent's Selection where it has one (`selecting`), else the item's action. */
  private async select(
    f: Facts,
    op: 'select' | 'add' | 'remove',
    selecting: ObjectRef | undefined,
    signal: AbortSignal,
  ): Promise<PatternPerformed | void> {
    if (selecting === undefined) {
      if (op === 'remove') throw new PatternNotSupportedError('the container cannot deselect');
      return this.activate(f, ['activate', 'click', 'press'], signal);
    }
    const [index] = await this.reader.call(f.ref, 'Accessible', 'GetIndexInParent', signal);
    const member = op === 'remove' ? 'DeselectChild' : 'SelectChild';
    if (op === 'select')
      await this.reader
        .call(selecting, 'Selection', 'ClearSelection', signal)
        .catch(() => undefined);
    await this.expectTrue(
      this.reader.call(selecting, 'Selection', member, signal, 'i', [Number(index)]),
      member,
    );
    return { via: 'pattern', detail: member };
  }

  /** Focus a top-level window's X window (no window manager: XSetInputFocus). */
  activateWindow(id: BackendId, signal: AbortSignal): Promise<void> {
    return this.windows.activateWindow(id, signal);
  }

  /** Focus the element, in its window first (atspiWindowFocus.ts). */
  focus(id: BackendId, signal: AbortSignal): Promise<void> {
    return this.windows.focus(id, signal);
  }

  private async expectTrue(call: Promise<unknown[]>, what: string): Promise<void> {
    const [ok] = await call;
    if (ok === false) throw new ActionFailedError(`${what} was refused by the application`);
  }
}
