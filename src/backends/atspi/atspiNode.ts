/** What was read about one element, turned into the backend contract's node. */
import type { BackendId, BackendNode, BackendProps } from '../backend.js';
import type { ObjectRef } from './atspiBus.js';
import { DESKTOP_ID, idOf, isAppRoot, isNullRef } from './atspiIds.js';
import { controlTypeOf, isTransient, patternsOf, statesOf } from './atspiRoles.js';
import type { Toolkit, TreeRules } from './atspiToolkits.js';

/** What the walk needs to know about an app (resolved once per bus name). */
export interface AppInfo {
  name: string;
  toolkit: Toolkit;
  /** How the toolkit's states and child lists read. */
  tree: TreeRules;
  pid?: number;
  /** Whether the app's toolkit scrolls an element into view on `Component.ScrollTo`. */
  scrollTo?: boolean;
}

/** Everything read about one element. */
export interface RawElement {
  ref: ObjectRef;
  role: number;
  states: number[];
  name: string;
  accessibleId: string;
  interfaces: string[];
  parent: ObjectRef;
  children: ObjectRef[];
  rect: BackendProps['rect'];
  value?: string;
  range?: BackendProps['range'];
}

export type Variant = { value: unknown };

/** The Value interface's properties that make a range. */
export const RANGE_PROPS = [
  'CurrentValue',
  'MinimumValue',
  'MaximumValue',
  'MinimumIncrement',
] as const;

export function variantValue(dict: Record<string, Variant | undefined>, key: string): unknown {
  return dict[key]?.value;
}

/** A raw element as a node of `app` (parent id given by the caller's context). */
export function nodeOf(
  raw: RawElement,
  app: AppInfo,
  parentId: BackendId | null,
  parentHasSelection: boolean,
): BackendNode {
  const props: BackendProps = {
    controlType: controlTypeOf(raw.role, raw.states, raw.name),
    name: raw.name,
    rect: raw.rect,
    states: statesOf(raw.role, raw.states, app.tree, raw.rect),
    patterns: patternsOf(
      raw.role,
      raw.states,
      raw.interfaces,
      parentHasSelection,
      app.scrollTo === true && parentId !== DESKTOP_ID,
    ),
    app: app.name,
  };
  if (raw.accessibleId !== '') props.automationId = raw.accessibleId;
  if (raw.value !== undefined) props.value = raw.value;
  if (raw.range !== undefined) props.range = raw.range;
  if (app.pid !== undefined) props.pid = app.pid;
  const transient = isTransient(raw.states) ? { transient: true as const } : {};
  return { id: idOf(raw.ref), parentId, children: raw.children.map(idOf), props, ...transient };
}

/** Id of an element's parent as the contract sees it (app roots become the desktop). */
export function parentIdOf(raw: RawElement): BackendId | null {
  if (isNullRef(raw.parent)) return null;
  return isAppRoot(raw.parent) ? DESKTOP_ID : idOf(raw.parent);
}

export function rangeOf(v: Record<string, Variant | undefined>): BackendProps['range'] {
  const num = (key: string): number => Number(variantValue(v, key) ?? 0);
  const range: NonNullable<BackendProps['range']> = {
    value: num('CurrentValue'),
    min: num('MinimumValue'),
    max: num('MaximumValue'),
  };
  const step = num('MinimumIncrement');
  if (step > 0) range.step = step;
  return range;
}
