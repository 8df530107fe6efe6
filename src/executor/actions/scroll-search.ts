/**
 * Finding an item of a virtualized list, where only the rows in view exist as elements.
 *
 * When the list has a vertical scroll bar with a settable range and its rows are in order by
 * the field the target names (natural order: "Row 9" before "Row 10"), the search jumps: it
 * compares the target with the first and last rows in view, narrows the range of scroll
 * positions that can hold it, and jumps by interpolation of the keys seen (bisection when that
 * makes poor progress). 10,000 rows take a handful of jumps, from any starting position.
 * Otherwise it sweeps the whole list a notch at a time in both directions. It claims that the
 * target does not exist (scroll_exhausted) only after a sweep covered the whole list; a search
 * stopped by maxScrolls says how far it got instead.
 */
import type { ElementNode, MethodParams } from '../../../protocol/src/index.js';
import { UiError } from '../../errors.js';
import type { ActionEnv } from '../env.js';
import { describeLocator, findMatches } from '../target.js';
import { moveAndWatch, notch, verticalBarOf } from './scroll-step.js';

type IntoViewParams = MethodParams<'actions.scrollIntoView'>;

interface Search {
  env: ActionEnv;
  p: IntoViewParams;
  container: ElementNode;
  scrolls: number;
}

/** Scroll `container` until the target exists; the number of scrolls it took. */
export async function scrollUntilFound(
  env: ActionEnv,
  p: IntoViewParams,
  container: ElementNode,
): Promise<number> {
  const s: Search = { env, p, container, scrolls: 0 };
  if (found(s)) return 0;
  const bar = verticalBarOf(env, container);
  const order = orderOf(p);
  let absentByOrder = false;
  if (bar !== undefined && order !== undefined) {
    const outcome = await jumpSearch(s, bar, order);
    if (outcome === 'found') return s.scrolls;
    absentByOrder = outcome === 'absent';
  }
  await sweep(s, bar, absentByOrder);
  return s.scrolls;
}

function found(s: Search): boolean {
  return findMatches(s.env.cache, s.p.target).nodes.length > 0;
}

/** Count a scroll against maxScrolls, or stop with what the search covered. */
function spend(s: Search, absentByOrder: boolean): void {
  if (s.scrolls >= s.p.maxScrolls) throw notCovered(s, absentByOrder);
  s.scrolls += 1;
}

// ---- ordered search ---------------------------------------------------------------------

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** How rows are compared with the target: the field the locator names, in natural order. */
interface Order {
  target: string;
  keyOf: (n: ElementNode) => string | undefined;
}

function orderOf(p: IntoViewParams): Order | undefined {
  const t = p.target;
  if (t.automationId !== undefined) {
    return { target: t.automationId, keyOf: (n) => n.automationId || undefined };
  }
  if (t.name !== undefined && t.nameMatch !== 'regex') {
    return { target: t.name, keyOf: (n) => n.name || undefined };
  }
  return undefined;
}

/** What the list shows at scroll position `at`: its first and last keys, in list order. */
interface View {
  at: number;
  first: string;
  last: string;
  /** +1 ascending, -1 descending. */
  direction: number;
}

function viewAt(s: Search, order: Order, at: number): View | undefined {
  const keys = s.env.cache
    .subtree(s.container.ref, 1)
    .nodes.filter((n) => n.ref !== s.container.ref && n.controlType !== 'ScrollBar')
    .map(order.keyOf)
    .filter((k): k is string => k !== undefined);
  const first = keys[0];
  const last = keys[keys.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const direction = Math.sign(collator.compare(last, first));
  if (direction === 0) return undefined;
  for (let i = 1; i < keys.length; i++) {
    if (collator.compare(keys[i] ?? '', keys[i - 1] ?? '') * direction < 0) return undefined;
  }
  return { at, first, last, direction };
}

/** The trailing number of a key, for interpolation ("Row 9876" -> 9876). */
function numberIn(key: string): number | undefined {
  const match = /(\d+)\D*$/.exec(key);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

type Outcome = 'found' | 'absent' | 'unordered';

interface Bounds {
  min: number;
  max: number;
  /** Views at the lowest/highest position known to lie before/after the target. */
  lo?: View;
  hi?: View;
}

async function jumpSearch(s: Search, bar: ElementNode, order: Order): Promise<Outcome> {
  const range = bar.range ?? { value: 0, min: 0, max: 0 };
  const b: Bounds = { min: range.min, max: range.max };
  let view = viewAt(s, order, range.value);
  let bisectNext = false;
  while (view !== undefined) {
    const side = collator.compare(order.target, view.first) * view.direction;
    const beyond = collator.compare(order.target, view.last) * view.direction;
    if (side >= 0 && beyond <= 0) return 'absent';
    if (side < 0) b.hi = view;
    else b.lo = view;
    const low = b.lo?.at ?? b.min;
    const high = b.hi?.at ?? b.max;
    if ((b.hi !== undefined && b.hi.at <= b.min) || (b.lo !== undefined && b.lo.at >= b.max))
      return 'absent';
    if (b.lo !== undefined && b.hi !== undefined && high - low <= 1) return 'absent';
    const next = nextPosition(b, order.target, bisectNext);
    spend(s, false);
    await moveAndWatch(s.env, s.container, bar, { pattern: 'RangeValue', value: next });
    if (found(s)) return 'found';
    view = viewAt(s, order, next);
    bisectNext = !halved(b, next, low, high);
  }
  return 'unordered';
}

/** Whether a jump to `next` can at best halve [low, high] (else the next jump bisects). */
function halved(b: Bounds, next: number, low: number, high: number): boolean {
  if (b.lo === undefined || b.hi === undefined) return true;
  return Math.max(next - low, high - next) <= (high - low) / 2 + 1;
}

/**
 * Where to jump next: an unexplored end of the range first (its keys anchor interpolation),
 * then the position the keys seen so far put the target at, centred in the view.
 */
function nextPosition(b: Bounds, target: string, bisect: boolean): number {
  if (b.lo === undefined) return b.min;
  if (b.hi === undefined) return b.max;
  const low = b.lo.at;
  const high = b.hi.at;
  const middle = Math.round((low + high) / 2);
  const estimate = bisect ? undefined : interpolate(b.lo, b.hi, target);
  const wanted = estimate ?? middle;
  return Math.min(high - 1, Math.max(low + 1, Math.round(wanted)));
}

function interpolate(lo: View, hi: View, target: string): number | undefined {
  const [t, loFirst, loLast, hiFirst] = [target, lo.first, lo.last, hi.first].map(numberIn);
  if (t === undefined || loFirst === undefined || loLast === undefined || hiFirst === undefined)
    return undefined;
  const keysPerStep = (hiFirst - loFirst) / (hi.at - lo.at);
  if (!Number.isFinite(keysPerStep) || keysPerStep === 0) return undefined;
  const halfView = (loLast - loFirst) / 2;
  return lo.at + (t - loFirst - halfView) / keysPerStep;
}

// ---- sweep ------------------------------------------------------------------------------

/**
 * Cover the whole list: from the top (a jump of the scroll bar when there is one, else notches
 * up) down to the end a notch at a time, then up from where it started when it did not start
 * at the top. Ends when the target shows, or answers scroll_exhausted once both ends were seen.
 */
async function sweep(
  s: Search,
  bar: ElementNode | undefined,
  absentByOrder: boolean,
): Promise<void> {
  let topSeen = false;
  if (bar?.range !== undefined) {
    spend(s, absentByOrder);
    await moveAndWatch(s.env, s.container, bar, { pattern: 'RangeValue', value: bar.range.min });
    topSeen = true;
    if (found(s)) return;
  }
  const directions = topSeen ? (['down'] as const) : (['down', 'up'] as const);
  for (const direction of directions) {
    for (;;) {
      spend(s, absentByOrder);
      const moved = await notch(s.env, s.container, direction);
      if (found(s)) return;
      if (!moved) break;
    }
  }
  throw new UiError(
    'scroll_exhausted',
    `${describeLocator(s.p.target)} is not in the list: scrolled through all of it (${s.scrolls} scrolls)`,
    { details: { scrolls: s.scrolls, reason: 'end of list both ways', locator: s.p.target } },
  );
}

function notCovered(s: Search, absentByOrder: boolean): UiError {
  const why = absentByOrder
    ? 'the list is in order and the target would sit between rows in view, but not all of it was scrolled through'
    : 'maxScrolls reached before the whole list was scrolled through';
  return new UiError(
    'action_failed',
    `${describeLocator(s.p.target)} did not appear after ${s.scrolls} scrolls (${why})`,
    {
      details: {
        scrolls: s.scrolls,
        reason: 'maxScrolls reached',
        covered: false,
        locator: s.p.target,
      },
      recovery: [
        'Raise maxScrolls to search the rest of the list',
        'Check the exact name or automationId of the row (a sorted list is searched by it)',
      ],
    },
  );
}
