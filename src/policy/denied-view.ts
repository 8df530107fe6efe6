/**
 * The cache as every transport sees it when `--deny-app` is set: the apps on the deny list are
 * invisible. Reads leave their windows out, scans skip them (so they never use up a budget),
 * events and tree patches about them are dropped, and a read that names one of their elements,
 * windows or the app itself answers `denied`. Which apps are denied, the access policy decides.
 * The executor keeps the whole cache: it needs to see a denied app to refuse acting on it
 * (focused element, element at a point).
 */
import type { Observable } from 'rxjs';
import type {
  BackendStatus,
  ElementNode,
  MethodParams,
  MethodResult,
  PatchBatch,
  TreeNode,
  WindowInfo,
} from '../../protocol/src/index.js';
import type { BackendId } from '../backends/backend.js';
import type { EventLog, FindParams, UiCache } from '../cache/api.js';
import type { ReadScope } from '../cache/rereads.js';
import { isUiError, UiError } from '../errors.js';
import { DeniedEventLog, deniedPatches } from './denied-stream.js';
import type { AccessPolicy } from './access.js';
import { DeniedWindows } from './denied-windows.js';

/** What a read may name: an element, a scope root, a window selector, an app. */
interface Scope {
  ref?: string | undefined;
  window?: string | undefined;
  app?: string | undefined;
}

/** The filtered view over `cache`, or `cache` itself when nothing is denied. */
export function hideDeniedApps(cache: UiCache, policy: AccessPolicy): UiCache {
  return policy.hasDenyList ? new DeniedView(cache, policy) : cache;
}

export class DeniedView implements UiCache {
  readonly events: EventLog;
  readonly patches$: Observable<PatchBatch>;
  private readonly denied: DeniedWindows;
  private readonly learn: { unsubscribe(): void };

  constructor(
    private readonly inner: UiCache,
    policy: AccessPolicy,
  ) {
    this.denied = new DeniedWindows(inner, policy);
    // Learn every window as it appears, so its close stays hidden even if nobody read meanwhile.
    this.learn = inner.events.events$.subscribe(() => this.denied.sync());
    this.events = new DeniedEventLog(inner.events, this.denied);
    this.patches$ = deniedPatches(inner, this.denied, () => this.desktop());
  }

  get revision(): number {
    return this.inner.revision;
  }
  get status(): BackendStatus {
    return this.inner.status;
  }
  stats(): ReturnType<UiCache['stats']> {
    return this.inner.stats();
  }
  start(signal: AbortSignal): Promise<void> {
    return this.inner.start(signal);
  }
  stop(): Promise<void> {
    this.learn.unsubscribe();
    return this.inner.stop();
  }
  refresh(ref: string, signal: AbortSignal): Promise<void> {
    return this.inner.refresh(ref, signal);
  }
  windowOpening(windowRef: string): boolean {
    return this.inner.windowOpening(windowRef);
  }
  whenIdle(signal: AbortSignal): Promise<void> {
    return this.inner.whenIdle(signal);
  }
  freshness(scope: ReadScope): number {
    return this.inner.freshness(scope);
  }
  confirm(scope: ReadScope, signal: AbortSignal): Promise<boolean> {
    return this.inner.confirm(scope, signal);
  }
  backendId(ref: string): BackendId | undefined {
    return this.denied.hidesRef(ref) ? undefined : this.inner.backendId(ref);
  }
  node(ref: string): ElementNode | undefined {
    const node = this.inner.node(ref);
    return node === undefined || this.denied.hidesElement(node) ? undefined : node;
  }

  windowsList(p: MethodParams<'windows.list'>): MethodResult<'windows.list'> {
    const result = this.guarded({ app: p.app }, () => this.inner.windowsList(p));
    return { ...result, windows: result.windows.filter((w) => !this.denied.hides(w.ref)) };
  }
  find(p: FindParams): MethodResult<'elements.find'> {
    const scope = { ref: p.within, window: p.window, app: p.app };
    return this.guarded(scope, () => this.inner.find(p, this.denied.predicate()));
  }
  get(p: MethodParams<'elements.get'>): MethodResult<'elements.get'> {
    return this.guarded({ ref: p.ref }, () => this.inner.get(p));
  }
  text(p: MethodParams<'elements.text'>): MethodResult<'elements.text'> {
    return this.guarded(p, () => this.inner.text(p));
  }
  /** Over a denied window there is nothing to see (null), as over bare desktop. */
  at(p: MethodParams<'elements.at'>): MethodResult<'elements.at'> {
    const result = this.inner.at(p);
    if (result.element === null || !this.denied.hidesElement(result.element)) return result;
    return { ...result, element: null };
  }
  focused(p: MethodParams<'focus.get'>): MethodResult<'focus.get'> {
    const result = this.guarded({ app: p.app }, () => this.inner.focused(p));
    if (result.element === null || !this.denied.hidesElement(result.element)) return result;
    return { revision: result.revision, hasFocus: false, element: null, window: null };
  }
  region(p: MethodParams<'regions.read'>): MethodResult<'regions.read'> {
    const result = this.guarded(p, () => this.inner.region(p));
    if (!this.denied.hides(result.window)) return result;
    return { ...result, window: null, found: false, text: '', elements: [] };
  }
  tree(p: MethodParams<'tree.get'>): MethodResult<'tree.get'> {
    const scope = { ref: p.root, window: p.window, app: p.app };
    const result = this.guarded(scope, () => this.inner.tree(p));
    return { ...result, tree: this.pruned(result.tree) };
  }
  snapshot(p: MethodParams<'tree.snapshot'>): MethodResult<'tree.snapshot'> {
    const scope = { ref: p.root, window: p.window, app: p.app };
    return this.guarded(scope, () => this.inner.snapshot(p, this.denied.predicate()));
  }
  resolveApp(p: MethodParams<'apps.resolve'>): MethodResult<'apps.resolve'> {
    return this.guarded({ app: p.query }, () => this.inner.resolveApp(p));
  }
  subtree(root: string, depth?: number): { root: string; nodes: ElementNode[] } {
    const result = this.guarded({ ref: root }, () => this.inner.subtree(root, depth));
    const nodes = result.nodes.filter((n) => !this.denied.hidesElement(n));
    const top = nodes[0];
    if (top !== undefined && top.parent === null) nodes[0] = this.withVisibleCount(top);
    return { root: result.root, nodes };
  }
  resolveWindow(selector: string): WindowInfo {
    const window = this.guarded({}, () => this.inner.resolveWindow(selector));
    if (this.denied.hides(window.ref))
      throw this.denied.error(`window ${window.ref}`, { selector });
    return window;
  }

  /** The desktop's ref, or null before the first sync. */
  private desktop(): string | null {
    try {
      return this.inner.tree({ depth: 0 }).tree.ref;
    } catch {
      return null;
    }
  }

  /** The desktop with the denied windows left out of its child count. */
  private withVisibleCount<T extends ElementNode>(desktop: T): T {
    const kids = this.inner.subtree(desktop.ref, 1).nodes.slice(1);
    const visible = kids.filter((k) => !this.denied.hidesElement(k)).length;
    return visible === desktop.childCount ? desktop : { ...desktop, childCount: visible };
  }

  private pruned(node: TreeNode): TreeNode {
    const children = node.children
      .filter((c) => !this.denied.hidesElement(c))
      .map((c) => this.pruned(c));
    const shown = { ...node, children };
    return node.parent === null ? this.withVisibleCount(shown) : shown;
  }

  /** Refuse a scope inside a denied app, run the read, and scrub denied names from its error. */
  private guarded<T>(scope: Scope, read: () => T): T {
    this.refuseDenied(scope);
    try {
      return read();
    } catch (err) {
      throw this.scrubbed(err);
    }
  }

  private refuseDenied(scope: Scope): void {
    const { ref, window, app } = scope;
    if (ref !== undefined && this.denied.hidesRef(ref)) throw this.denied.error(ref, { ref });
    if (window !== undefined) {
      const ref = this.quietly(() => this.inner.resolveWindow(window).ref);
      if (ref !== undefined && this.denied.hides(ref))
        throw this.denied.error(`window ${ref}`, { window });
    }
    if (app !== undefined) {
      const found = this.quietly(() => this.inner.resolveApp({ query: app }).app);
      const hidden =
        found !== undefined &&
        (this.denied.matches(found.name, found.pid) ||
          (found.windows.length > 0 && found.windows.every((w) => this.denied.hides(w))));
      if (hidden) throw this.denied.error(`app ${app}`, { app });
    }
  }

  /** The value, or undefined when the lookup fails (the read itself then answers the error). */
  private quietly<T>(lookup: () => T): T | undefined {
    try {
      return lookup();
    } catch {
      return undefined;
    }
  }

  /** Errors list candidates (windows, apps): the denied ones are left out. */
  private scrubbed(err: unknown): unknown {
    if (!isUiError(err)) return err;
    const keys = ['windows', 'apps', 'candidates'].filter((k) => Array.isArray(err.details?.[k]));
    if (keys.length === 0) return err;
    const hiddenTitles = new Set(
      this.inner
        .windowsList({ includeMinimized: true })
        .windows.filter((w) => this.denied.hides(w.ref))
        .map((w) => w.title),
    );
    const shown = (item: unknown): boolean => {
      if (typeof item === 'string')
        return !hiddenTitles.has(item) && !this.denied.matches(item, undefined);
      if (typeof item !== 'object' || item === null) return true;
      const c = item as { ref?: unknown; name?: unknown; pid?: unknown };
      if (typeof c.ref === 'string' && this.denied.hidesRef(c.ref)) return false;
      const name = typeof c.name === 'string' ? c.name : undefined;
      return !this.denied.matches(name, typeof c.pid === 'number' ? c.pid : undefined);
    };
    const details: Record<string, unknown> = { ...err.details };
    for (const key of keys) details[key] = (details[key] as unknown[]).filter(shown);
    return new UiError(err.code, err.message, { details, recovery: err.recovery, cause: err });
  }
}
