/**
 * The most stable locator of an element, chosen against the cache at the moment it was seen:
 * automationId > name + control type + window > the element's place among its window's
 * elements of the same control type. Each tier is used only when it matches that one element
 * (a replay that hits another element would be worse than one that fails). Pure: the cache is
 * reached through the two functions of `TreeLookup`.
 */
import type { ElementNode, WindowInfo } from '../../protocol/src/index.js';
import type { LocatorQuery, RecordedLocator, SeenElement } from './model.js';

export interface TreeLookup {
  /** Elements matching a find query, in document order. */
  find(query: LocatorQuery): ElementNode[];
  /** The element's ancestors, window first, as "ControlType name" labels. */
  ancestors(node: ElementNode): string[];
}

const EDITABLE = new Set(['Edit', 'Document']);
const CHECKABLE = new Set(['CheckBox', 'RadioButton']);

function onlyMatch(lookup: TreeLookup, query: LocatorQuery, node: ElementNode): boolean {
  const found = lookup.find(query);
  return found.length === 1 && found[0]?.ref === node.ref;
}

export function stableLocator(
  node: ElementNode,
  window: WindowInfo | undefined,
  lookup: TreeLookup,
): RecordedLocator {
  const scope: LocatorQuery = window === undefined ? {} : { window: window.title };
  if (node.automationId !== undefined && node.automationId !== '') {
    const query = { automationId: node.automationId, ...scope };
    if (onlyMatch(lookup, query, node)) return { by: 'automationId', query };
  }
  if (node.name !== '') {
    const query: LocatorQuery = {
      name: node.name,
      nameMatch: 'equals',
      controlType: node.controlType,
      ...scope,
    };
    if (onlyMatch(lookup, query, node)) return { by: 'name', query };
  }
  const query: LocatorQuery = { controlType: node.controlType, ...scope };
  const index = Math.max(
    0,
    lookup.find(query).findIndex((n) => n.ref === node.ref),
  );
  return { by: 'path', query, index, path: lookup.ancestors(node) };
}

/** What the recorder keeps of an element at one moment (its locator chosen then). */
export function seeElement(
  node: ElementNode,
  window: WindowInfo | undefined,
  lookup: TreeLookup,
): SeenElement {
  const password = node.states.includes('password');
  const hasValue = node.value !== undefined && node.value !== '';
  const seen: SeenElement = {
    locator: stableLocator(node, window, lookup),
    controlType: node.controlType,
    text: password ? '' : hasValue ? (node.value ?? '') : node.name,
    textIsValue: hasValue,
    password,
    editable:
      EDITABLE.has(node.controlType) ||
      (node.controlType === 'ComboBox' && node.states.includes('editable')),
    enabled: node.states.includes('enabled'),
  };
  const toggled = node.states.includes('checked') || node.states.includes('unchecked');
  if (CHECKABLE.has(node.controlType) || toggled) seen.checked = node.states.includes('checked');
  return seen;
}

/** Two locators aim at the same element (same tier, same query, same index). */
export function sameLocator(a: RecordedLocator | null, b: RecordedLocator | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
