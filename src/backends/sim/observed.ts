/**
 * The sim's input as a person's input, for the recorder: every raw input action that reaches
 * the simulated desktop (its only input layer) as the presses and releases a keyboard and a
 * mouse would have produced. Pure.
 */
import type { InputAction, Modifier, ObservedInput } from '../backend.js';

const CHORD_MODIFIERS: readonly Modifier[] = ['ctrl', 'alt', 'meta'];
const TYPED_KEYS: Readonly<Record<string, string>> = { '\n': 'Enter', '\t': 'Tab', ' ': 'Space' };

function stroke(key: string, modifiers: Modifier[], text?: string): ObservedInput[] {
  const press: ObservedInput = { kind: 'key', pressed: true, key, modifiers };
  const release: ObservedInput = { kind: 'key', pressed: false, key, modifiers: [] };
  return [text === undefined ? press : { ...press, text }, release];
}

function typedText(key: string, modifiers: readonly Modifier[]): string | undefined {
  if (modifiers.some((m) => CHORD_MODIFIERS.includes(m))) return undefined;
  if (key === 'Space') return ' ';
  return [...key].length === 1 ? key : undefined;
}

/** What a person's keyboard and mouse would have sent for one input action. */
export function observedOf(action: InputAction): ObservedInput[] {
  switch (action.kind) {
    case 'keys':
      return action.combos.flatMap((c) =>
        stroke(c.key, [...c.modifiers], typedText(c.key, c.modifiers)),
      );
    case 'text':
      return [...action.text.replace(/\r\n/g, '\n')].flatMap((ch) => {
        const named = TYPED_KEYS[ch];
        if (named === undefined) return stroke(ch, [], ch);
        return stroke(named, [], named === 'Space' ? ' ' : undefined);
      });
    case 'click': {
      const { x, y, button } = action;
      return Array.from({ length: action.count }, () => [
        { kind: 'button', pressed: true, button, x, y } as const,
        { kind: 'button', pressed: false, button, x, y } as const,
      ]).flat();
    }
    case 'button': {
      const { x, y, button, down } = action;
      return [{ kind: 'button', pressed: down, button, x, y }];
    }
    case 'wheel':
    case 'move':
      return [];
  }
}
