/**
 * The cache's in-process API: what the executor, the WebSocket server and the MCP tools call.
 * Every read is synchronous and answered from memory (never the backend), and carries the
 * revision it reflects. Implemented by the store in this folder.
 */
import type { Observable } from 'rxjs';
import type {
  BackendStatus,
  ElementNode,
  MethodParams,
  MethodResult,
  PatchBatch,
  UiEvent,
  WindowInfo,
} from '../../protocol/src/index.js';
import type { BackendId } from '../backends/backend.js';
import type { ReconcileStats } from './reconciler.js';
import type { ReadScope } from './rereads.js';

export type FindParams = Omit<MethodParams<'elements.find'>, 'timeoutMs'>;
export type EventReadParams = Omit<MethodParams<'events.read'>, 'waitMs'>;
/**
 * True for a window whose contents a read must leave out (an app on the deny list); the
 * filtered view in service/denied-view.ts passes it to the reads that walk the desktop.
 */
export type HiddenWindow = (window: string | null) => boolean;

export interface CacheQueries {
  /** Current revision; bumped by every change. */
  readonly revision: number;
  windowsList(p: MethodParams<'windows.list'>): MethodResult<'windows.list'>;
  find(p: FindParams, hidden?: HiddenWindow): MethodResult<'elements.find'>;
  /** Throws ElementStaleError (with details.locator) for a vanished ref, invalid_params for unknown. */
  get(p: MethodParams<'elements.get'>): MethodResult<'elements.get'>;
  text(p: MethodParams<'elements.text'>): MethodResult<'elements.text'>;
  at(p: MethodParams<'elements.at'>): MethodResult<'elements.at'>;
  focused(p: MethodParams<'focus.get'>): MethodResult<'focus.get'>;
  region(p: MethodParams<'regions.read'>): MethodResult<'regions.read'>;
  tree(p: MethodParams<'tree.get'>): MethodResult<'tree.get'>;
  snapshot(p: MethodParams<'tree.snapshot'>, hidden?: HiddenWindow): MethodResult<'tree.snapshot'>;
  resolveApp(p: MethodParams<'apps.resolve'>): MethodResult<'apps.resolve'>;
  /** Pre-order nodes of a subtree, for tree mirrors. */
  subtree(root: string, depth?: number): { root: string; nodes: ElementNode[] };
  /** Resolve a window selector (ref or title part); throws window_not_found / multiple_matches. */
  resolveWindow(selector: string): WindowInfo;
}

/** What the executor needs beyond the public queries: identity mapping. */
export interface CacheInternals {
  /** The backend identity behind a ref, or undefined when unknown/vanished. */
  backendId(ref: string): BackendId | undefined;
  /** The live node for a ref, or undefined. */
  node(ref: string): ElementNode | undefined;
  /**
   * Re-fetch the window of `ref` (the desktop's top level for the root) and resolve once
   * applied. The executor calls it after every action for the windows the action may have
   * changed (see executor/refresh.ts): a lost property event is invisible to an event-fed
   * cache, and this (with the idle drift check) is how such drift gets repaired.
   */
  refresh(ref: string, signal: AbortSignal): Promise<void>;
  /**
   * True while a window is in the cache but its contents are still being fetched: it has not
   * been announced (`window.opened`) yet, and waits for windows skip it.
   */
  windowOpening(windowRef: string): boolean;
  /**
   * Resolve once no fetch is waiting, queued or running: an action's settle period does not end
   * while a re-list the action caused (a window the X server saw close) is still being read.
   */
  whenIdle(signal: AbortSignal): Promise<void>;
  /** Age in ms of the oldest confirmation from the app behind a read of `scope`. */
  freshness(scope: ReadScope): number;
  /** Re-read the windows behind `scope` (bounded, under a deadline) before a fresh read;
   * answers whether every re-read landed. */
  confirm(scope: ReadScope, signal: AbortSignal): Promise<boolean>;
}

/** Counts and health for ui_status, session.hello and /health. */
export interface CacheStats {
  elements: number;
  windows: number;
  revision: number;
  /** Patches re-reads (after actions, fresh reads, the reconcile) had to apply. */
  drift: number;
  fetches: number;
  reconcile: ReconcileStats;
}

/** The sequence-numbered event log derived from patches (ring buffer for replay). */
export interface EventLog {
  /** Newest seq handed out (0 before any event). */
  readonly seq: number;
  /** Oldest seq still held. */
  readonly oldestSeq: number;
  /** Hot stream of events, each with its seq, in order, after the log holds them. */
  readonly events$: Observable<UiEvent>;
  /** Events after `after` matching the filter; throws cursor_expired when no longer held. */
  read(p: EventReadParams): { events: UiEvent[]; cursor: number; hasMore: boolean };
}

export interface UiCache extends CacheQueries, CacheInternals {
  /**
   * Hot stream of patch batches; the state is updated before a batch is emitted. Applied in
   * order to `subtree()` nodes they give an exact mirror (see protocol/src/mirror.ts): `add`
   * carries the subtree in pre-order at its final index, `remove` every ref it drops, `reorder`
   * the full child list, and a parent's new `childCount` comes as an explicit `update`.
   * Patches share values with the cache: consumers must treat them as read-only.
   */
  readonly patches$: Observable<PatchBatch>;
  readonly events: EventLog;
  readonly status: BackendStatus;
  /** The reason given with the latest status change, if any. */
  readonly statusReason?: string;
  stats(): CacheStats;
  /** Initial sync: fetch the desktop and subscribe to backend events. */
  start(signal: AbortSignal): Promise<void>;
  stop(): Promise<void>;
}
