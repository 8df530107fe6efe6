/**
 * Wire errors. Every failure that reaches a client has a stable string `code`, a human
 * message, recovery suggestions and optional details. Local (in-process) errors are mapped
 * to these at the boundary and never cross the wire themselves.
 */
import { z } from 'zod';

export const ERROR_CODES = [
  'element_not_found',
  'multiple_matches',
  'timeout',
  'element_stale',
  'pattern_not_supported',
  'window_not_found',
  'app_not_found',
  'elevated_target',
  'scroll_exhausted',
  'invalid_params',
  'read_only',
  'forbidden_target',
  'denied',
  'rate_limited',
  'unauthorized',
  'backend_unavailable',
  'action_failed',
  'no_effect',
  'focus_required',
  'not_supported',
  'cursor_expired',
  'cancelled',
  'app_not_responding',
  'no_text_found',
  'invalid_region',
  'language_not_supported',
  'capture_disabled',
  'launch_not_allowed',
  'internal',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * A call a client can make next, as data: each transport names it its own way (a WebSocket
 * method, an MCP tool of the active profile).
 */
export const CallHint = z.object({
  method: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type CallHint = z.infer<typeof CallHint>;

export const WireError = z.object({
  code: ErrorCode,
  message: z.string(),
  recovery: z.array(z.string()),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type WireError = z.infer<typeof WireError>;

/** Standard JSON-RPC 2.0 error numbers, plus one application range for domain errors. */
export const JSONRPC_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Domain failures (element_not_found, timeout...): the wire code is in `data.code`. */
  domainError: -32000,
} as const;

/** Default recovery suggestions per code; a thrower may add more specific ones. */
export const DEFAULT_RECOVERY: Record<ErrorCode, string[]> = {
  element_not_found: ['Check the locator against a fresh snapshot', 'Wait for it with a timeout'],
  multiple_matches: ['Narrow the locator (window, controlType, automationId)', 'Use a ref'],
  timeout: ['Retry with a longer timeout', 'Check whether a modal dialog is blocking the app'],
  element_stale: ['Re-find the element using details.locator', 'Take a fresh snapshot'],
  pattern_not_supported: ['Use an action the element supports (see its patterns)'],
  window_not_found: ['List windows to see what is open'],
  app_not_found: ['List windows to see which apps are running'],
  elevated_target: ['Run uistream with the same privileges as the target app'],
  scroll_exhausted: ['The item does not exist in this list; check its name'],
  invalid_params: ['Fix the parameters named in details'],
  read_only: ['The server runs in read-only mode; actions are disabled'],
  forbidden_target: ['This app is on the deny list of the server'],
  denied: [
    'This element belongs to an app on the deny list of the server: it cannot be read or acted on',
  ],
  rate_limited: ['Slow down and retry after a short pause'],
  unauthorized: ['Provide the server token'],
  backend_unavailable: ['Wait for the backend to reconnect and retry'],
  action_failed: ['Check the element state and retry'],
  focus_required: [
    'Use the pattern-based call the error names, which needs no focus',
    'Or act with focusPolicy "allow"',
  ],
  no_effect: [
    'The app accepted the action but nothing changed: details say what was tried and seen',
    'Try another way (actions.type with allowInput, a click on the option) or check the app',
  ],
  not_supported: ['This backend does not support the operation'],
  cursor_expired: ['Start again without a cursor or since value'],
  cancelled: ['The action was cancelled before it ran'],
  app_not_responding: [
    'The app stopped answering (busy, or blocked by a modal dialog) and is set aside; other apps are unaffected',
    'Close any modal dialog of that app or wait: it is re-probed and used again once it answers',
  ],
  no_text_found: ['Capture the region to look at it', 'Widen the region or add padding'],
  invalid_region: ['Give a rect inside the screen (see monitors in session.hello)'],
  language_not_supported: ['Use one of the installed languages listed in details'],
  capture_disabled: ['The server runs with --no-screenshots; use the accessibility tree'],
  launch_not_allowed: [
    'Launching is off (--no-launch) or limited to the --allow-launch patterns in details',
  ],
  internal: ['Retry; if it persists, report a bug with the server log'],
};
