/**
 * From moments to steps: clicks on elements, keystrokes merged into `type` steps (Backspace
 * taking back what it erased), named keys and chords into `keys` steps, waits on the windows
 * that opened and closed, assertions where the hotkey was pressed. Text typed into a password
 * field becomes a secret step whose text is never kept. Pure.
 */
import type { Moment, RecordedLocator, SeenElement, Step } from './model.js';
import { sameLocator } from './locator.js';

const MODIFIER_NAMES = { ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', meta: 'Meta' } as const;

/** "Ctrl+Shift+s" style, in the canonical modifier order the key moment lists. */
export function chordName(
  key: string,
  modifiers: readonly (keyof typeof MODIFIER_NAMES)[],
): string {
  return [...modifiers.map((m) => MODIFIER_NAMES[m]), key].join('+');
}

class StepList {
  readonly steps: Step[] = [];
  /** The element last clicked: typing right after a click goes there, focus event or not. */
  lastClicked: SeenElement | null = null;

  last(): Step | undefined {
    return this.steps[this.steps.length - 1];
  }

  push(step: Step): void {
    this.steps.push(step);
  }
}

/** Where keystrokes go: the focused element, unless a click just put the caret in an editable. */
function keyTarget(list: StepList, focus: SeenElement | null): SeenElement | null {
  const clicked = list.lastClicked;
  if (focus?.editable === true) return focus;
  return clicked?.editable === true ? clicked : focus;
}

function addText(list: StepList, text: string, target: SeenElement | null): void {
  const locator = target?.locator ?? null;
  const secret = target?.password === true;
  const last = list.last();
  if (last?.kind === 'type' && sameLocator(last.target, locator)) {
    if (!secret) last.text += text;
    return;
  }
  list.push({ kind: 'type', target: locator, text: secret ? '' : text, secret });
}

function addKeys(list: StepList, keys: string, locator: RecordedLocator | null): void {
  const last = list.last();
  if (last?.kind === 'keys' && sameLocator(last.target, locator)) last.keys.push(keys);
  else list.push({ kind: 'keys', target: locator, keys: [keys] });
}

function onKey(list: StepList, moment: Extract<Moment, { kind: 'key' }>): void {
  const target = keyTarget(list, moment.focus);
  if (moment.text !== undefined && moment.key !== 'Enter' && moment.key !== 'Tab') {
    addText(list, moment.text, target);
    return;
  }
  const last = list.last();
  const plain = moment.modifiers.length === 0;
  if (plain && moment.key === 'Backspace' && last?.kind === 'type' && !last.secret) {
    if (last.text.length > 0 && sameLocator(last.target, target?.locator ?? null)) {
      last.text = [...last.text].slice(0, -1).join('');
      if (last.text === '') list.steps.pop();
      return;
    }
  }
  // After Tab, Enter, Escape or a chord the caret may be elsewhere: trust focus again.
  if (moment.key !== 'Backspace' || !plain) list.lastClicked = null;
  addKeys(list, chordName(moment.key, moment.modifiers), target?.locator ?? null);
}

function assertion(focus: SeenElement): Step {
  const target = focus.locator;
  if (focus.checked !== undefined) {
    return { kind: 'expectState', target, state: focus.checked ? 'checked' : 'unchecked' };
  }
  if (!focus.password && focus.text !== '') {
    return {
      kind: 'expectText',
      target,
      text: focus.text,
      source: focus.textIsValue ? 'value' : 'name',
    };
  }
  return { kind: 'expectState', target, state: focus.enabled ? 'enabled' : 'disabled' };
}

/** The replayable steps of a recording's moments, in order. */
export function toSteps(moments: readonly Moment[]): Step[] {
  const list = new StepList();
  for (const moment of moments) {
    switch (moment.kind) {
      case 'click':
        list.lastClicked = moment.target;
        list.push({
          kind: 'click',
          target: moment.target?.locator ?? { x: moment.x, y: moment.y },
          button: moment.button,
        });
        break;
      case 'drag':
        list.lastClicked = null;
        list.push({
          kind: 'drag',
          from: moment.from?.locator ?? moment.fromPoint,
          to: moment.to?.locator ?? moment.toPoint,
          button: moment.button,
        });
        break;
      case 'key':
        onKey(list, moment);
        break;
      case 'window':
        list.push({
          kind: 'wait',
          condition: moment.opened ? 'windowOpened' : 'windowClosed',
          title: moment.title,
        });
        break;
      case 'assert':
        if (moment.focus !== null) list.push(assertion(moment.focus));
        break;
    }
  }
  return list.steps;
}
