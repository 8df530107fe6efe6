/**
 * The AccessibilityBackend contract: everything outside `src/backends/<platform>/` sees a
 * platform only through this file. It is modelled on how UIA and AT-SPI really behave:
 * everything is async and may fail or hang (every call takes an AbortSignal), a subtree is
 * fetched in one bulk call with its properties (a UIA CacheRequest / AT-SPI Cache.GetItems),
 * events are hints delivered in batches and may be dropped, duplicated, late (about elements
 * already gone) or lack details.
 */
import type { Observable } from 'rxjs';
import type {
  BackendHealth,
  BackendStatus,
  ControlType,
  Pattern,
  RangeInfo,
  Rect,
  State,
  TextRun,
} from '../../protocol/src/index.js';
import type { BackendApps } from './apps.js';
import type { BackendClipboard } from './clipboard.js';

import type { InputAction, ObservedInput } from './input.js';
import type { MonitorInfo, WindowGeometry, WindowOp, WindowStacking } from './windowing.js';

export type { BackendClipboard, ClipboardContent, ClipboardState } from './clipboard.js';
export type { InputAction, KeyCombo, Modifier, MouseButton, ObservedInput } from './input.js';
export type { MonitorInfo, WindowGeometry, WindowOp, WindowStacking } from './windowing.js';

/**
 * Backend identity of an element, stable for the element's life: the sim's id, AT-SPI
 * `busName:objectPath`, or a UIA RuntimeId joined with dots. Opaque to everything else.
 */
export type BackendId = string;

/** Properties as the platform reports them (the protocol's ElementNode minus server refs). */
export interface BackendProps {
  controlType: ControlType;
  name: string;
  automationId?: string;
  className?: string;
  /** Value pattern value, or the text of a text element. */
  value?: string;
  range?: RangeInfo;
  rect: Rect | null;
  /** Present states, sorted in the protocol's STATES order. */
  states: State[];
  /** Patterns the element supports, sorted in the protocol's PATTERNS order. */
  patterns: Pattern[];
  pid?: number;
  /** Application name (process or app name); set on top-level windows at least. */
  app?: string;
}

/** One element of a bulk fetch. */
export interface BackendNode {
  id: BackendId;
  parentId: BackendId | null;
  /** Child ids in order. A virtualized container lists only realized children. */
  children: BackendId[];
  /** True when the read stopped at its cap of children per element and more exist. */
  hasMore?: boolean;
  props: BackendProps;
  /**
   * The toolkit makes this element anew on every read (AT-SPI's TRANSIENT: the children of a
   * Java list, table or tree through the ATK wrapper), so its id is not kept from one read to
   * the next: it is the same element as the one at its place under the same parent.
   */
  transient?: true;
  /**
   * Children listed in `children` that could not be read now (their app does not answer):
   * the consumer keeps what it holds of them as it is, and drops none of them for it.
   */
  unreadChildren?: BackendId[];
}

/**
 * A structure change. `id` is the element whose children changed (the subtree to re-fetch);
 * it may be missing (a detail-less event): then `windowId` may hint at the window, or nothing
 * at all is known and the consumer must find out what changed without a desktop-wide walk.
 */
export interface StructureEvent {
  type: 'structure';
  change: 'childAdded' | 'childRemoved' | 'invalidated' | 'reordered';
  id?: BackendId;
  childId?: BackendId;
  windowId?: BackendId;
}

/**
 * A property change. A backend that read more than the changed value while mapping the event
 * may say so, as evidence of structure changes whose own events were lost: `parentId` is the
 * element's parent (an element the consumer does not hold under a parent it holds was added
 * unannounced), `childCount` its number of children now.
 */
export interface PropertyEvent {
  type: 'property';
  id: BackendId;
  props: Partial<BackendProps>;
  parentId?: BackendId;
  childCount?: number;
}

/** Events are hints: a consumer must tolerate loss, duplicates and ids it does not know. */
export type BackendEvent =
  | { type: 'focus'; id: BackendId | null }
  | StructureEvent
  | PropertyEvent
  | { type: 'text'; id: BackendId; value?: string; parentId?: BackendId }
  /**
   * `nodes`: the window's whole subtree (pre-order, the window first), when the backend holds it
   * already (an in-app provider's snapshot): the consumer adopts it with no re-list or re-read.
   */
  | { type: 'window.opened'; id: BackendId; nodes?: readonly BackendNode[] }
  /**
   * Nodes of a window not announced yet (an in-app provider's snapshot, as its parts arrive), to
   * be made ready unseen, so that the window's `window.opened` (which still carries every node)
   * has little left to do. The window's next `window.opened` or `window.closed` ends it.
   */
  | { type: 'window.staged'; id: BackendId; nodes: readonly BackendNode[] }
  /**
   * `unmapped`: the window system itself took the window off screen (an X unmap seen by the
   * backend), so the consumer may drop it at once, without waiting for a read of its app.
   */
  | { type: 'window.closed'; id: BackendId; unmapped?: boolean }
  | { type: 'window.activated'; id: BackendId }
  | { type: 'status'; status: BackendStatus; reason?: string }
  /** The platform connection was lost and rebuilt: every id may be invalid; resync fully. */
  | { type: 'reset'; reason: string };

export type BackendEventType = BackendEvent['type'];

/** A pattern operation, as UIA names them (AT-SPI backends map onto their interfaces). */
export type PatternAction =
  | { pattern: 'Invoke' }
  | { pattern: 'Toggle' }
  | { pattern: 'ExpandCollapse'; op: 'expand' | 'collapse' }
  | { pattern: 'Value'; value: string }
  | { pattern: 'RangeValue'; value: number }
  | { pattern: 'SelectionItem'; op: 'select' | 'add' | 'remove' }
  | { pattern: 'Scroll'; direction: 'up' | 'down' | 'left' | 'right'; amount: number }
  | { pattern: 'ScrollItem' }
  | { pattern: 'Window'; op: 'minimize' | 'maximize' | 'restore' | 'close' };

/** What this backend really delivers and can do; consumers check before relying on it. */
export interface BackendCapabilities {
  // window.staged is a head start on a window.opened, not something a consumer relies on.
  events: Record<Exclude<BackendEventType, 'status' | 'reset' | 'window.staged'>, boolean>;
  patterns: Pattern[];
  input: { keyboard: boolean; mouse: boolean };
  /** True when fetchSubtree is one platform round trip (CacheRequest / GetItems). */
  bulkFetch: boolean;
}

export interface FetchOptions {
  signal: AbortSignal;
  /** Levels below the root to include (0 = the root only). Default: the whole subtree. Nodes
   * at the limit still list their children ids, but those children are not returned. */
  maxDepth?: number;
  /**
   * Read ahead of the backend's queued ordinary reads (a new window whose announcement waits
   * for it, while the app floods events about that window's making). Default false.
   */
  urgent?: boolean;
}

/** Windows an action's settle waited for, by title (see `untilShownListed`). */
export interface ShownWindowsWait {
  /** Listed while it waited. */
  listed: string[];
  /** On screen, still not exposed by their app at the deadline. */
  unlisted: string[];
  /** Shown and gone again before their app exposed them. */
  unexposed: string[];
  /** Windows not yet listed when the wait began (0: nothing was waited for). */
  pending: number;
}

export interface ActionOptions {
  signal: AbortSignal;
}

/**
 * How a pattern operation was really carried out, when the backend chose something other than
 * the pattern itself (e.g. a real click where the platform's action would run a modal loop).
 */
export interface PatternPerformed {
  via: 'pattern' | 'input';
  /** What was used, for the action result: 'DoAction', 'click', 'SelectChild'... */
  detail?: string;
}

export type BackendName = 'sim' | 'atspi' | 'uia' | 'ax';

/** Apps a backend holds apart and calls it refuses to make, with the reasons (for status). */
export type BackendHealthReport = Pick<BackendHealth, 'quarantined' | 'forbidden'>;

/** Pixels as a backend captured them: RGBA, row-major, no padding. */
export interface CapturedImage {
  width: number;
  height: number;
  /** width * height * 4 bytes, RGBA. */
  data: Uint8Array;
  /** The screen rectangle captured, in screen coordinates (physical pixels). */
  rect: Rect;
  /** Device pixels per logical pixel (1 unless the platform scales). */
  scale: number;
}

/** What to capture: a screen rectangle, optionally on behalf of one top-level window (so a
 * backend that can render an occluded window, like PrintWindow, may use it). */
export interface CaptureRequest {
  rect: Rect;
  windowId?: BackendId;
}

/** Which part of an element's text to read the formatting of, and how many runs at most. */
export interface TextRunRequest {
  start: number;
  /** Stop before this character (default: the end of the text). */
  end?: number;
  maxRuns: number;
}

/**
 * A platform accessibility backend. Failures are UiErrors from src/errors.ts:
 * ElementStaleError (element gone), ElementNotFoundError, TimeoutError (signal fired or the
 * platform timed out), BackendUnavailableError, NotSupportedError, PatternNotSupportedError,
 * ActionFailedError. Nothing else may be thrown for expected conditions.
 */
export interface AccessibilityBackend {
  readonly name: BackendName;
  readonly capabilities: BackendCapabilities;
  /** The desktop root. Its children are the top-level windows (app nodes are not exposed). */
  readonly rootId: BackendId;
  /** Hot stream of event batches; batches, never one event per emission, from the platform. */
  readonly events$: Observable<readonly BackendEvent[]>;

  /** Connect to the platform. Events flow only after start resolves. */
  start(signal: AbortSignal): Promise<void>;
  /** Disconnect and release everything; completes events$. Idempotent. */
  stop(): Promise<void>;

  /** Fetch a subtree in one bulk call, root first, pre-order. Stale root -> ElementStaleError. */
  fetchSubtree(id: BackendId, options: FetchOptions): Promise<BackendNode[]>;

  /** Perform a control pattern operation on an element. */
  performPattern(
    id: BackendId,
    action: PatternAction,
    options: ActionOptions,
  ): Promise<PatternPerformed | void>;
  /** Move keyboard focus to the element (UIA SetFocus / AT-SPI GrabFocus). */
  focus(id: BackendId, options: ActionOptions): Promise<void>;
  /** Bring a top-level window to the foreground. */
  activateWindow(id: BackendId, options: ActionOptions): Promise<void>;
  /** Inject raw keyboard or mouse input at the system level. */
  input(action: InputAction, options: ActionOptions): Promise<void>;
  /**
   * Capture screen pixels (optional capability). Absent, or NotSupportedError with the reason
   * (a Wayland session), when this desktop cannot be captured.
   */
  capture?(request: CaptureRequest, options: ActionOptions): Promise<CapturedImage>;
  /** Where the mouse pointer is now, so an action can put it back (optional capability). */
  pointer?(signal: AbortSignal): Promise<{ x: number; y: number }>;
  /** The monitors, when the backend knows them (capture-capable backends do). */
  monitors?(signal: AbortSignal): Promise<MonitorInfo[]>;
  /**
   * Move, resize, change the state of, activate or close a top-level window (optional
   * capability). Resolves with the window as the platform reports it once the change is seen
   * (or the deadline passes: TimeoutError), never with what was asked for.
   */
  windowOp?(id: BackendId, op: WindowOp, options: ActionOptions): Promise<WindowGeometry>;
  /** Top-level windows topmost first, with their state (optional; windows.list uses it). */
  windowStacking?(signal: AbortSignal): Promise<WindowStacking[]>;
  /**
   * Whether every change inside this top-level window reaches events$ without loss (an in-app
   * provider's numbered deltas, resynced on a gap): the cache's background reconcile need not
   * re-read it. Absent: no window is.
   */
  eventComplete?(windowId: BackendId): boolean;
  /**
   * Resolve once the app behind `id` (an element or window) has handled everything sent to it
   * so far, input included, and the events it sent meanwhile have been emitted: what an action
   * caused is in events$ by then (optional; the executor's settle period covers the rest).
   */
  settle?(id: BackendId, options: ActionOptions): Promise<void>;
  /**
   * Wait, at most `limitMs`, until the top-level windows the window system showed for the app
   * behind `id` since `since` (a performance.now() time) are in events$ or gone again; resolves
   * with their titles as waited for (optional; undefined where the platform cannot tell).
   */
  untilShownListed?(
    id: BackendId,
    since: number,
    limitMs: number,
  ): Promise<ShownWindowsWait | undefined>;
  /**
   * Runs of an element's text with their formatting, read from the app (optional capability:
   * AT-SPI Text.GetAttributeRun, UIA TextRange attributes). At most `maxRuns`, in order; an
   * element without text answers PatternNotSupportedError.
   */
  textAttributes?(
    id: BackendId,
    request: TextRunRequest,
    options: ActionOptions,
  ): Promise<TextRun[]>;
  /**
   * Watch a person's keyboard and mouse input until `signal` aborts (optional capability: the
   * recorder). Observing never grabs or alters the input the apps receive.
   */
  watchInput?(signal: AbortSignal): Observable<ObservedInput>;
  /** Quarantined apps and forbidden calls right now (absent: the backend tracks none). */
  health?(): BackendHealthReport;
  /** Launch, close and kill apps (optional capability; see apps.ts). */
  readonly appControl?: BackendApps;
  /** The system clipboard (optional capability; see clipboard.ts). */
  readonly clipboard?: BackendClipboard;
}
