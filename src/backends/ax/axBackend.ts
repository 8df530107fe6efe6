/**
 * The macOS Accessibility backend as the server sees it: every call goes to the isolated AX
 * host through the supervisor (the UIA host's supervisor, transport and runtime, shared), so an
 * app that hangs AX IPC never stalls the server. A missing permission keeps the status
 * `degraded` with a reason that names the grant, for /health, session.hello and ui_status.
 */
import type { BackendStatus } from '../../../protocol/src/index.js';
import { ActionFailedError, InvalidParamsError } from '../../errors.js';
import type {
  AccessibilityBackend,
  ActionOptions,
  BackendCapabilities,
  BackendEvent,
  BackendId,
  BackendNode,
  CapturedImage,
  CaptureRequest,
  FetchOptions,
  PatternAction,
  PatternPerformed,
} from '../backend.js';
import { HostClientBackend, type SupervisorTimings } from '../uia/uiaHostClient.js';
import type { HostChannel } from '../uia/uiaTransport.js';
import { validateCaptureRect, validatePattern } from '../uia/uiaValidate.js';
import { DESKTOP_ID } from './axTable.js';
import type { AxWindowInfo, AxWindowQuery } from './axWindowList.js';

export const AX_TIMINGS: SupervisorTimings = {
  startTimeoutMs: 15_000,
  pingIntervalMs: 500,
  // Above the per-app messaging timeout (2 s) times the few calls one operation makes in a row.
  hangMs: 10_000,
  maxCallMs: 30_000,
  backoff: { initialMs: 250, maxMs: 10_000 },
  downAfter: 5,
  stableMs: 30_000,
};

export const AX_CAPABILITIES: BackendCapabilities = {
  events: {
    focus: true,
    structure: true,
    property: true,
    text: false,
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
    'Window',
  ],
  input: { keyboard: true, mouse: true },
  bulkFetch: false,
};

const ID = /^(desktop|\d+\.\d+)$/;

function validateId(id: BackendId): void {
  if (typeof id !== 'string' || !ID.test(id))
    throw new InvalidParamsError(`not an AX element id: ${String(id)}`);
}

export class AxBackend extends HostClientBackend implements AccessibilityBackend {
  readonly name = 'ax' as const;
  readonly capabilities = AX_CAPABILITIES;
  readonly rootId = DESKTOP_ID;

  constructor(
    launch: () => HostChannel,
    timings: SupervisorTimings,
    onLog?: (message: string) => void,
  ) {
    super({ label: 'AX', launch, timings, onLog });
  }

  protected validateId(id: BackendId): void {
    validateId(id);
  }

  /** Why the host lacks a permission, from its hello (undefined when all are granted). */
  get permissionProblem(): string | undefined {
    const facts = this.supervisor.hello?.facts;
    if (facts === undefined) return undefined;
    const grantTo = String(facts['grantTo']);
    const missing: string[] = [];
    if (facts['accessibility'] === false) missing.push('Accessibility');
    if (facts['screenRecording'] === false) missing.push('Screen Recording');
    if (missing.length === 0) return undefined;
    return (
      `macOS ${missing.join(' and ')} not granted to ${grantTo}: grant in System Settings > ` +
      'Privacy & Security, then restart uistream'
    );
  }

  async performPattern(
    id: BackendId,
    action: PatternAction,
    options: ActionOptions,
  ): Promise<PatternPerformed> {
    validateId(id);
    validatePattern(action);
    return (await this.call('performPattern', { id, action }, options.signal)) as PatternPerformed;
  }

  /** Pixels through `screencapture` in the host; `rect` in points, `scale` pixels per point. */
  async capture(request: CaptureRequest, options: ActionOptions): Promise<CapturedImage> {
    const rect = { ...request.rect };
    validateCaptureRect(rect);
    if (request.windowId !== undefined) validateId(request.windowId);
    const args = { rect, windowId: request.windowId ?? null };
    const shot = (await this.call('capture', args, options.signal)) as CapturedImage;
    if (shot.data.length !== shot.width * shot.height * 4)
      throw new ActionFailedError(
        `the host captured ${shot.data.length} bytes for ${shot.width}x${shot.height}`,
      );
    const data = shot.data.byteOffset % 4 === 0 ? shot.data : new Uint8Array(shot.data);
    return { ...shot, data };
  }

  /** A second read of a subtree (conformance ground truth). */
  async walk(id: BackendId, options: FetchOptions): Promise<BackendNode[]> {
    validateId(id);
    return (await this.call('walk', { id, maxDepth: null }, options.signal)) as BackendNode[];
  }

  /** macOS: windows of the watched apps; `app` by name, bundle id or pid (typed errors). */
  async listWindows(query: AxWindowQuery, options: ActionOptions): Promise<AxWindowInfo[]> {
    return (await this.call('listWindows', query, options.signal)) as AxWindowInfo[];
  }

  protected override status(status: BackendStatus, reason?: string): void {
    // A host up without a grant is degraded whatever the supervisor thinks, and says why.
    const problem = status === 'ok' ? this.permissionProblem : undefined;
    const event: BackendEvent =
      problem !== undefined
        ? { type: 'status', status: 'degraded', reason: problem }
        : reason === undefined
          ? { type: 'status', status }
          : { type: 'status', status, reason };
    this.emit([event]);
  }
}
