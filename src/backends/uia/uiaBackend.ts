/**
 * The Windows UI Automation backend as the server sees it: every call goes to the isolated
 * host through the supervisor; nothing here touches COM, so a hung or crashed UIA never stalls
 * the server's event loop. Arguments are checked here before they travel.
 */
import { ActionFailedError, throwIfAborted } from '../../errors.js';
import type {
  AccessibilityBackend,
  ActionOptions,
  BackendCapabilities,
  BackendId,
  BackendNode,
  CapturedImage,
  CaptureRequest,
  FetchOptions,
  PatternAction,
  WindowGeometry,
  WindowOp,
  WindowStacking,
} from '../backend.js';
import { UiaAppControl } from './uiaAppControl.js';
import { UiaClipboard } from './uiaClipboard.js';
import { DESKTOP_ID } from './uiaConvert.js';
import { HostClientBackend, type SupervisorTimings } from './uiaHostClient.js';
import type { HostChannel } from './uiaTransport.js';
import type { HostCapture } from './uiaWin32Capture.js';
import {
  validateCaptureRect,
  validateId,
  validatePattern,
  validateWindowOp,
} from './uiaValidate.js';

export type { SupervisorTimings } from './uiaHostClient.js';

/** A top-level window as app resolution reports it. */
export interface UiaWindowInfo {
  id: BackendId;
  hwnd: number;
  pid: number;
  /** Executable name without extension, lower-case (e.g. "notepad"). */
  app: string;
  title: string;
  elevated: boolean;
}

/** Find windows by exe name, title (case-insensitive substring) or pid; all fields optional. */
export interface WindowQuery {
  app?: string;
  title?: string;
  pid?: number;
}

export const DEFAULT_TIMINGS: SupervisorTimings = {
  startTimeoutMs: 15_000,
  pingIntervalMs: 500,
  // Above the host's UIA transaction (5 s) + connection (1.5 s) timeouts: see SupervisorOptions.
  hangMs: 12_000,
  maxCallMs: 30_000,
  backoff: { initialMs: 250, maxMs: 10_000 },
  downAfter: 5,
  stableMs: 30_000,
};

export const UIA_CAPABILITIES: BackendCapabilities = {
  events: {
    focus: true,
    structure: true,
    property: true,
    text: true,
    'window.opened': true,
    'window.closed': true,
    'window.activated': true,
  },
  patterns: [
    'Invoke',
    'Value',
    'RangeValue',
    'Toggle',
    'ExpandCollapse',
    'SelectionItem',
    'Scroll',
    'ScrollItem',
    'Window',
  ],
  input: { keyboard: true, mouse: true },
  bulkFetch: true,
};

export class UiaBackend extends HostClientBackend implements AccessibilityBackend {
  readonly name = 'uia' as const;
  readonly capabilities = UIA_CAPABILITIES;
  readonly rootId = DESKTOP_ID;
  readonly clipboard = new UiaClipboard((op, args, signal) => this.call(op, args, signal));
  readonly appControl = new UiaAppControl((op, args, signal) => this.call(op, args, signal));

  constructor(
    launch: () => HostChannel,
    timings: SupervisorTimings,
    onLog?: (message: string) => void,
  ) {
    super({
      label: 'UIA',
      launch,
      timings,
      onLog,
      onNotice: (notice) => {
        if (notice.kind === 'clipboard' && !this.stopped) this.clipboard.announce(notice.state);
      },
    });
  }

  protected validateId(id: BackendId): void {
    validateId(id);
  }

  protected override onStopped(): void {
    this.clipboard.complete();
    this.appControl.stop();
  }

  async performPattern(
    id: BackendId,
    action: PatternAction,
    options: ActionOptions,
  ): Promise<void> {
    validateId(id);
    validatePattern(action);
    await this.call('performPattern', { id, action }, options.signal);
  }

  /**
   * Screen pixels through GDI in the host (uiaWin32Capture). The rectangle and the image are
   * in physical pixels (the host is per-monitor DPI aware), so `scale` is 1 here; a monitor's
   * own DPI scale is reported by monitors().
   */
  async capture(request: CaptureRequest, options: ActionOptions): Promise<CapturedImage> {
    const rect = { ...request.rect };
    validateCaptureRect(rect);
    if (request.windowId !== undefined) validateId(request.windowId);
    const args = { rect, windowId: request.windowId ?? null };
    const shot = (await this.call('capture', args, options.signal)) as HostCapture;
    throwIfAborted(options.signal);
    if (shot.width !== rect.width || shot.height !== rect.height) {
      throw new ActionFailedError(
        `the host captured ${shot.width}x${shot.height} for a ${rect.width}x${rect.height} area`,
      );
    }
    // The IPC deserializer hands typed arrays out at any offset of its message buffer: a copy
    // (new Uint8Array copies; a Buffer's slice would not) makes the pixels word-aligned.
    const data = shot.data.byteOffset % 4 === 0 ? shot.data : new Uint8Array(shot.data);
    return { width: shot.width, height: shot.height, data, rect, scale: 1 };
  }

  async pointer(signal: AbortSignal): Promise<{ x: number; y: number }> {
    return (await this.call('pointer', {}, signal)) as { x: number; y: number };
  }

  /** Move, resize, change the state of, activate or close a window; answers it as read back. */
  async windowOp(id: BackendId, op: WindowOp, options: ActionOptions): Promise<WindowGeometry> {
    validateId(id);
    validateWindowOp(op);
    return (await this.call('windowOp', { id, op }, options.signal)) as WindowGeometry;
  }

  async windowStacking(signal: AbortSignal): Promise<WindowStacking[]> {
    return (await this.call('windowStacking', {}, signal)) as WindowStacking[];
  }

  /**
   * A second read of a subtree through another path (the control-view TreeWalker, live reads),
   * sharing nothing with fetchSubtree's CacheRequest: the ground truth of conformance tests.
   */
  async walk(id: BackendId, options: FetchOptions): Promise<BackendNode[]> {
    validateId(id);
    return (await this.call('walk', { id }, options.signal)) as BackendNode[];
  }

  /** Windows-only: top-level windows matching an exe name, a title or a pid. */
  async listWindows(query: WindowQuery, options: ActionOptions): Promise<UiaWindowInfo[]> {
    return (await this.call('listWindows', query, options.signal)) as UiaWindowInfo[];
  }
}
