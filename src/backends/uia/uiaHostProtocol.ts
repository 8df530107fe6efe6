/**
 * Messages between the server-side supervisor and the isolated UIA host (a child process or a
 * worker). Local to this backend, never on the wire. Errors cross as plain {code, message,
 * details} and are rebuilt into the matching UiError class on the server side.
 */
import {
  ActionFailedError,
  BackendUnavailableError,
  CancelledError,
  ElementNotFoundError,
  ElementStaleError,
  InvalidParamsError,
  NotSupportedError,
  PatternNotSupportedError,
  TimeoutError,
  UiError,
  isUiError,
} from '../../errors.js';
import type { ErrorCode } from '../../../protocol/src/index.js';
import { ERROR_CODES } from '../../../protocol/src/index.js';
import type { BackendEvent } from '../backend.js';
import type { NativeBusy } from './uiaProgress.js';
import type { ClipboardState } from '../clipboard.js';

/** What the host announces unasked, besides accessibility events. */
export type HostNotice = { kind: 'clipboard'; state: ClipboardState };

/** Operations the host answers. */
export type HostOp =
  | 'fetchSubtree'
  | 'performPattern'
  | 'focus'
  | 'activateWindow'
  | 'input'
  | 'listWindows'
  | 'walk'
  | 'diagnose'
  | 'probe'
  | 'capture'
  | 'monitors'
  | 'pointer'
  | 'clipboardState'
  | 'clipboardRead'
  | 'clipboardWrite'
  | 'windowOp'
  | 'windowStacking'
  | 'appsCatalog'
  | 'appsLaunch'
  | 'appsClose'
  | 'appsKill'
  | 'appsProcesses';

export interface SerializedError {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export type ToHost =
  | { t: 'call'; id: number; op: HostOp; args: unknown; deadlineMs: number }
  | { t: 'ping'; id: number }
  | { t: 'stop' };

/** What the host says about itself once it is ready. */
export interface HostHello {
  pid: number;
  /** Transport actually used, for diagnostics. */
  mode: 'process' | 'worker';
  /** Free-form facts (UIA interface level, coalescing on/off...). */
  facts: Record<string, string | number | boolean>;
}

export type FromHost =
  | { t: 'ready'; hello: HostHello }
  | { t: 'fatal'; error: SerializedError }
  | { t: 'result'; id: number; value: unknown }
  | { t: 'error'; id: number; error: SerializedError }
  | { t: 'events'; batch: BackendEvent[] }
  /** `busy`: the host's oldest native call in flight, for the watchdog (null when idle). */
  | { t: 'pong'; id: number; busy?: NativeBusy | null }
  | { t: 'log'; level: 'info' | 'warn'; message: string }
  | { t: 'notice'; notice: HostNotice };

/** Any thrown value -> what crosses to the server. Unknown errors keep only their message. */
export function serializeError(err: unknown): SerializedError {
  if (isUiError(err)) {
    const out: SerializedError = { code: err.code, message: err.message };
    if (err.details !== undefined) out.details = err.details;
    return out;
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: `host error: ${message}` };
}

const CLASSES: Partial<
  Record<
    ErrorCode,
    new (message: string, options?: { details?: Record<string, unknown> }) => UiError
  >
> = {
  element_stale: ElementStaleError,
  element_not_found: ElementNotFoundError,
  timeout: TimeoutError,
  backend_unavailable: BackendUnavailableError,
  not_supported: NotSupportedError,
  pattern_not_supported: PatternNotSupportedError,
  invalid_params: InvalidParamsError,
  action_failed: ActionFailedError,
  cancelled: CancelledError,
};

/** Rebuild a UiError (its specific class where one exists) from what the host sent. */
export function deserializeError(error: SerializedError): UiError {
  const code: ErrorCode = (ERROR_CODES as readonly string[]).includes(error.code)
    ? error.code
    : 'internal';
  const Class = CLASSES[code];
  const options = error.details === undefined ? {} : { details: error.details };
  return Class === undefined
    ? new UiError(code, error.message, options)
    : new Class(error.message, options);
}
