/**
 * actions.waitFor: a read that waits, driven by the cache's patch stream, until a condition
 * holds. It never calls the backend and never polls; it resolves in the same turn as the patch
 * that satisfies it.
 */
import type {
  ElementNode,
  MethodParams,
  MethodResult,
  WindowInfo,
} from '../../../protocol/src/index.js';
import type { UiCache } from '../../cache/api.js';
import { type ClientPattern, compileClientPattern } from '../../cache/queries/pattern.js';
import { InvalidParamsError, TimeoutError } from '../../errors.js';
import { summarize } from '../changes.js';
import type { Progress } from '../progress.js';
import { describeLocator, findMatches } from '../target.js';
import { waitForValue } from '../waits.js';

type WaitParams = MethodParams<'actions.waitFor'>;
type WaitResult = MethodResult<'actions.waitFor'>;
type Found = { element: ElementNode | null; window: WindowInfo | null };
type Check = () => Found | undefined;

function matches(cache: UiCache, p: WaitParams): ElementNode[] {
  const target = p.target;
  if (target === undefined) throw new InvalidParamsError(`${p.condition} needs a target`);
  if (target.ref !== undefined) {
    const node = cache.node(target.ref);
    return node === undefined ? [] : [node];
  }
  return findMatches(cache, target).nodes;
}

function windowsTitled(cache: UiCache, p: WaitParams): WindowInfo[] {
  const title = (p.title ?? p.target?.window)?.toLowerCase();
  if (title === undefined) throw new InvalidParamsError(`${p.condition} needs a title`);
  return cache
    .windowsList({ includeMinimized: true })
    .windows.filter((w) => w.ref === title || w.title.toLowerCase().includes(title));
}

/** Windows found by title whose contents are cached (announced), for windowOpened. */
function openedWindowsTitled(cache: UiCache, p: WaitParams): WindowInfo[] {
  return windowsTitled(cache, p).filter((w) => !cache.windowOpening(w.ref));
}

function elementCheck(cache: UiCache, p: WaitParams, holds: (n: ElementNode) => boolean): Check {
  return () => {
    const node = matches(cache, p).find(holds);
    return node === undefined ? undefined : { element: node, window: null };
  };
}

function regexOf(p: WaitParams): ClientPattern {
  if (p.value === undefined) throw new InvalidParamsError('nameMatches needs value (a regex)');
  return compileClientPattern(p.value, 'value');
}

/** The condition as a check against the cache's current state. */
export function conditionCheck(cache: UiCache, p: WaitParams): Check {
  switch (p.condition) {
    case 'appear':
      return elementCheck(cache, p, () => true);
    case 'disappear':
      return () => (matches(cache, p).length === 0 ? { element: null, window: null } : undefined);
    case 'enabled':
      return elementCheck(cache, p, (n) => n.states.includes('enabled'));
    case 'valueEquals': {
      const value = p.value;
      if (value === undefined) throw new InvalidParamsError('valueEquals needs value');
      return elementCheck(cache, p, (n) => n.value === value);
    }
    case 'nameMatches': {
      const regex = regexOf(p);
      return elementCheck(cache, p, (n) => regex.test(n.name));
    }
    case 'windowOpened':
      return () => {
        const window = openedWindowsTitled(cache, p)[0];
        return window === undefined ? undefined : { element: null, window };
      };
    case 'windowClosed':
      return () =>
        windowsTitled(cache, p).length === 0 ? { element: null, window: null } : undefined;
  }
}

/** The condition in words, for the call log. */
function waitedFor(p: WaitParams): string {
  if (p.condition === 'windowOpened' || p.condition === 'windowClosed')
    return `a window titled "${p.title ?? ''}" (${p.condition})`;
  const what = p.target === undefined ? 'an element' : describeLocator(p.target);
  return `${what} (${p.condition})`;
}

export async function waitFor(
  cache: UiCache,
  p: WaitParams,
  progress: Progress,
): Promise<WaitResult> {
  const started = performance.now();
  const check = conditionCheck(cache, p);
  check(); // surface invalid params before waiting
  progress.step(`waiting for ${waitedFor(p)}`);
  const found = await waitForValue(
    cache,
    check,
    progress.signal,
    Math.min(p.timeoutMs, progress.remaining()),
  );
  if (found === undefined) {
    throw new TimeoutError(`${p.condition} did not happen within ${p.timeoutMs} ms`, {
      details: {
        condition: p.condition,
        target: p.target ?? null,
        title: p.title ?? null,
        log: progress.log(),
      },
    });
  }
  return {
    satisfied: true,
    condition: p.condition,
    element: found.element === null ? null : summarize(found.element),
    window: found.window === null ? null : { ref: found.window.ref, title: found.window.title },
    waitedMs: performance.now() - started,
    revision: cache.revision,
  };
}
