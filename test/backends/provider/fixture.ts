/** A small provider app for tests: a window with a button that, invoked, changes a label. */
import type { ProviderNode } from '../../../protocol/src/index.js';

export const WINDOW = 'win';
export const GREET = 'greet';
export const LABEL = 'label';

export function node(
  id: string,
  parentId: string | null,
  children: string[],
  extra: Partial<ProviderNode>,
): ProviderNode {
  return {
    id,
    parentId,
    children,
    controlType: 'Custom',
    name: '',
    rect: { x: 10, y: 10, width: 100, height: 30 },
    states: ['enabled'],
    patterns: [],
    ...extra,
  };
}

export function demoTree(label = 'hello'): ProviderNode[] {
  return [
    node(WINDOW, null, [GREET, LABEL], {
      controlType: 'Window',
      name: 'Provider Demo',
      rect: { x: 0, y: 0, width: 400, height: 300 },
      patterns: ['Window'],
    }),
    node(GREET, WINDOW, [], {
      controlType: 'Button',
      name: 'Greet',
      automationId: 'greet',
      states: ['enabled', 'focusable'],
      patterns: ['Invoke'],
    }),
    labelNode(label),
  ];
}

export function labelNode(text: string): ProviderNode {
  return node(LABEL, WINDOW, [], { controlType: 'Text', name: text, automationId: 'label' });
}
