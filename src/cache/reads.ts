/**
 * The synchronous reads of the cache (CacheQueries): each is a pure function of the tree state
 * (src/cache/queries/, snapshot.ts), answered from memory with the revision it reflects.
 */
import type {
  ElementNode,
  MethodParams,
  MethodResult,
  WindowInfo,
} from '../../protocol/src/index.js';
import type { CacheQueries, FindParams, HiddenWindow } from './api.js';
import type { PatchHistory } from './history.js';
import { at, focused, get, text } from './queries/elements.js';
import { find } from './queries/find.js';
import { region } from './queries/regions.js';
import { resolveAppInfo } from './queries/resolve.js';
import { resolveWindow, subtree, tree, windowsList } from './queries/tree.js';
import { snapshot } from './snapshot.js';
import type { TreeState } from './tree.js';

export class CacheReads implements CacheQueries {
  constructor(
    readonly state: TreeState,
    protected readonly history: PatchHistory,
  ) {}

  get revision(): number {
    return this.state.revision;
  }

  windowsList(p: MethodParams<'windows.list'>): MethodResult<'windows.list'> {
    return windowsList(this.state, p);
  }
  find(p: FindParams, hidden?: HiddenWindow): MethodResult<'elements.find'> {
    return find(this.state, p, hidden);
  }
  get(p: MethodParams<'elements.get'>): MethodResult<'elements.get'> {
    return get(this.state, p);
  }
  text(p: MethodParams<'elements.text'>): MethodResult<'elements.text'> {
    return text(this.state, p);
  }
  at(p: MethodParams<'elements.at'>): MethodResult<'elements.at'> {
    return at(this.state, p);
  }
  focused(p: MethodParams<'focus.get'>): MethodResult<'focus.get'> {
    return focused(this.state, p);
  }
  region(p: MethodParams<'regions.read'>): MethodResult<'regions.read'> {
    return region(this.state, p);
  }
  tree(p: MethodParams<'tree.get'>): MethodResult<'tree.get'> {
    return tree(this.state, p);
  }
  snapshot(p: MethodParams<'tree.snapshot'>, hidden?: HiddenWindow): MethodResult<'tree.snapshot'> {
    return snapshot(this.state, p, (rev) => this.history.since(rev), hidden);
  }
  resolveApp(p: MethodParams<'apps.resolve'>): MethodResult<'apps.resolve'> {
    return { revision: this.state.revision, app: resolveAppInfo(this.state, p.query) };
  }
  subtree(root: string, depth?: number): { root: string; nodes: ElementNode[] } {
    return subtree(this.state, root, depth);
  }
  resolveWindow(selector: string): WindowInfo {
    return resolveWindow(this.state, selector);
  }
}
