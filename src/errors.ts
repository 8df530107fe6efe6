/**
 * The one error hierarchy. Every expected failure is a UiError with a stable wire `code`.
 * `toWireError` is the only way an error leaves the process: unknown errors become
 * `internal` with a generic message, so stack traces and local details never cross the wire.
 */
import { DEFAULT_RECOVERY, type ErrorCode, type WireError } from '../protocol/src/index.js';
import { renderRecovery, wsCallName, type CallNamer, type Recovery } from './hints.js';

export interface UiErrorOptions {
  recovery?: readonly Recovery[];
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class UiError extends Error {
  readonly code: ErrorCode;
  readonly recovery: readonly Recovery[];
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: UiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.recovery = options.recovery ?? DEFAULT_RECOVERY[code];
    this.details = options.details;
  }
}

export class ElementStaleError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('element_stale', message, options);
  }
}
export class ElementNotFoundError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('element_not_found', message, options);
  }
}
export class MultipleMatchesError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('multiple_matches', message, options);
  }
}
export class TimeoutError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('timeout', message, options);
  }
}
export class BackendUnavailableError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('backend_unavailable', message, options);
  }
}
export class NotSupportedError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('not_supported', message, options);
  }
}
export class PatternNotSupportedError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('pattern_not_supported', message, options);
  }
}
export class InvalidParamsError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('invalid_params', message, options);
  }
}
export class ActionFailedError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('action_failed', message, options);
  }
}
/** The target app does not answer (hung, or in a nested loop): its calls fail fast for now. */
export class AppNotRespondingError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('app_not_responding', message, options);
  }
}
/** The platform said yes but the effect never showed, after every method was tried. */
export class NoEffectError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('no_effect', message, options);
  }
}
/** The action needs the keyboard focus and the caller asked to keep it (focusPolicy "keep"). */
export class FocusRequiredError extends UiError {
  constructor(message: string, options?: UiErrorOptions) {
    super('focus_required', message, options);
  }
}
export class CancelledError extends UiError {
  constructor(message = 'cancelled', options?: UiErrorOptions) {
    super('cancelled', message, options);
  }
}

export function isUiError(err: unknown): err is UiError {
  return err instanceof UiError;
}

/**
 * Map any thrown value to the wire, its hints naming calls as `name` does (method names by
 * default). Unknown errors never leak their message or stack.
 */
export function toWireError(err: unknown, name: CallNamer = wsCallName): WireError {
  if (err instanceof UiError) {
    const recovery = renderRecovery(err.recovery, name);
    const wire: WireError = { code: err.code, message: err.message, recovery };
    if (err.details !== undefined) wire.details = err.details;
    return wire;
  }
  return {
    code: 'internal',
    message: 'internal error',
    recovery: DEFAULT_RECOVERY.internal,
  };
}

/** Turn an AbortSignal's reason into a typed error (timeouts and cancels stay distinct). */
export function abortError(signal: AbortSignal): UiError {
  const reason: unknown = signal.reason;
  if (reason instanceof UiError) return reason;
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new TimeoutError('deadline exceeded', { cause: reason });
  }
  return new CancelledError('aborted', { cause: reason });
}

/** Throw the typed abort error if the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/**
 * Settle with `work`, or reject with the signal's typed error the moment it fires: a callee
 * that ignores its signal cannot hold the caller past its deadline. A rejection of `work`
 * after the signal won is swallowed (nobody waits for it any more).
 */
export function raceSignal<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      work.catch(() => undefined);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
