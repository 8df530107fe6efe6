/**
 * elements.find over the cache: a pre-order scan of the scope (the desktop, a window or an
 * element) with every filter applied, stopping one match past maxResults to answer hasMore.
 * Lower-cased names are kept on the nodes, so a case-insensitive scan does not allocate.
 */
import type { ElementNode, MethodResult } from '../../../protocol/src/index.js';
import type { FindParams, HiddenWindow } from '../api.js';
import { NameIndex } from '../name-index.js';
import type { CachedNode, TreeState } from '../tree.js';
import { compileClientPattern } from './pattern.js';
import { appWindowRefs, nodeForRef, windowForSelector } from './resolve.js';

type Predicate = (node: CachedNode) => boolean;

const nameIndexes = new WeakMap<TreeState, NameIndex>();

export function find(
  state: TreeState,
  p: FindParams,
  hidden?: HiddenWindow,
): MethodResult<'elements.find'> {
  const scope = findScope(state, p);
  const inApp = appCheck(state, p);
  const filters = buildPredicate(p);
  const allowed: Predicate = inApp === null ? filters : (n) => inApp(n) && filters(n);
  // Hidden windows are skipped inside the scan, so they never use up maxResults.
  const matches: Predicate =
    hidden === undefined ? allowed : (n) => !hidden(n.window) && allowed(n);
  const max = p.maxResults ?? 50;
  const found: CachedNode[] = [];
  let hasMore = false;
  const visit = (node: CachedNode): boolean => {
    if (node === state.root || !matches(node)) return true;
    if (found.length === max) {
      hasMore = true;
      return false;
    }
    found.push(node);
    return true;
  };
  let scanned = 0;
  if (scope !== null && canUseNameIndex(p)) {
    let index = nameIndexes.get(state);
    if (index === undefined) nameIndexes.set(state, (index = new NameIndex(state)));
    const key = (p.name as string).toLowerCase();
    scanned = index.search(key, p.nameMatch === 'equals', scope, p.maxDepth ?? Infinity, visit);
  } else if (scope !== null) {
    state.walk(
      scope,
      (node) => {
        scanned++;
        return visit(node);
      },
      p.maxDepth ?? Infinity,
    );
  }
  const elements: ElementNode[] = found.map((n) => state.toElement(n));
  return { revision: state.revision, elements, hasMore, scanned };
}

/** Case-insensitive contains/equals on names goes through the flat name index. */
function canUseNameIndex(p: FindParams): boolean {
  return (
    p.name !== undefined &&
    p.nameMatch !== 'regex' &&
    p.caseSensitive !== true &&
    !p.name.includes('\n')
  );
}

function findScope(state: TreeState, p: FindParams): CachedNode | null {
  const among = p.app === undefined ? undefined : appWindowRefs(state, p.app);
  if (p.within !== undefined) {
    const within = nodeForRef(state, p.within);
    if (p.window !== undefined && within.window !== windowForSelector(state, p.window).window) {
      return null;
    }
    if (among !== undefined && !among.has(within.window ?? '')) return null;
    return within;
  }
  if (p.window !== undefined) return windowForSelector(state, p.window, among);
  return state.root;
}

/** With `app` and no narrower scope, only that app's windows count. */
function appCheck(state: TreeState, p: Partial<FindParams>): Predicate | null {
  if (p.app === undefined || p.window !== undefined || p.within !== undefined) return null;
  const refs = appWindowRefs(state, p.app);
  return (n) => refs.has(n.window ?? '');
}

/** All given filters must hold; the cheapest checks run first. */
export function buildPredicate(p: Partial<FindParams>): Predicate {
  const checks: Predicate[] = [];
  if (p.controlType !== undefined) {
    const type = p.controlType;
    checks.push((n) => n.props.controlType === type);
  }
  if (p.automationId !== undefined) {
    const id = p.automationId;
    checks.push((n) => n.props.automationId === id);
  }
  if (p.name !== undefined)
    checks.push(nameCheck(p.name, p.nameMatch ?? 'contains', p.caseSensitive ?? false));
  if (p.value !== undefined) {
    const needle = p.value.toLowerCase();
    checks.push((n) => n.props.value !== undefined && n.props.value.toLowerCase().includes(needle));
  }
  if (checks.length === 1) return checks[0] as Predicate;
  return (n) => checks.every((check) => check(n));
}

function nameCheck(
  name: string,
  mode: 'contains' | 'equals' | 'regex',
  caseSensitive: boolean,
): Predicate {
  if (mode === 'regex') {
    const re = compileClientPattern(name, 'name', { caseSensitive });
    return (n) => re.test(n.props.name);
  }
  if (caseSensitive) {
    return mode === 'equals' ? (n) => n.props.name === name : (n) => n.props.name.includes(name);
  }
  const key = name.toLowerCase();
  return mode === 'equals' ? (n) => n.nameKey === key : (n) => n.nameKey.includes(key);
}
