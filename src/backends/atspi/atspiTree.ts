/**
 * Child lists as the app's tree has them. GTK 4.8's `GetChildren` on a GtkStack lists the pages'
 * widgets and skips the GtkStackPage accessibles in between, while `GetChildAtIndex`, `Parent`
 * and `Cache.GetItems` all keep them (atspiToolkits.ts marks such toolkits): a child whose
 * `Parent` is not the element it was listed under is replaced by its ancestor that is.
 */
import type { ObjectRef } from './atspiBus.js';
import { isNullRef } from './atspiIds.js';

/** How many skipped levels are climbed before a child is taken as listed. */
const MAX_SKIPPED_LEVELS = 4;

const same = (a: ObjectRef, b: ObjectRef): boolean => a[0] === b[0] && a[1] === b[1];

/** The ancestor of `child` right under `parent`, or `child` when the chain does not lead there. */
async function levelUnder(
  parent: ObjectRef,
  child: ObjectRef,
  parentOf: (ref: ObjectRef) => Promise<ObjectRef | undefined>,
): Promise<ObjectRef> {
  let current = child;
  for (let level = 0; level <= MAX_SKIPPED_LEVELS; level++) {
    const up = await parentOf(current).catch(() => undefined);
    if (up === undefined || isNullRef(up)) return child;
    if (same(up, parent)) return current;
    current = up;
  }
  return child;
}

/**
 * `children` as listed under `parent`, each replaced by its ancestor right under `parent`; an
 * ancestor that several children lead to is listed once, where its first child was.
 */
export async function liftSkippedLevels(
  parent: ObjectRef,
  children: readonly ObjectRef[],
  parentOf: (ref: ObjectRef) => Promise<ObjectRef | undefined>,
): Promise<ObjectRef[]> {
  // A list skips a level for all its children or for none (a stack lists only its pages'
  // widgets): the first child's Parent decides, so a plain container costs one read.
  const first = children[0];
  const up = first === undefined ? undefined : await parentOf(first).catch(() => undefined);
  if (up === undefined || same(up, parent)) return [...children];
  const levels = await Promise.all(children.map((c) => levelUnder(parent, c, parentOf)));
  const seen = new Set<string>();
  return levels.filter((ref) => {
    const key = `${ref[0]}\u0000${ref[1]}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
