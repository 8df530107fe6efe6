/** Client-side errors: every failure carries the wire code so callers can branch on it. */
import type { ErrorCode, JsonRpcErrorObject } from '../../protocol/src/index.js';
import { WireError } from '../../protocol/src/index.js';

export class UistreamError extends Error {
  readonly code: ErrorCode;
  /** The JSON-RPC error number, or null for errors raised by the client itself. */
  readonly rpcCode: number | null;
  readonly recovery: string[];
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { rpcCode?: number; recovery?: string[]; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'UistreamError';
    this.code = code;
    this.rpcCode = options.rpcCode ?? null;
    this.recovery = options.recovery ?? [];
    this.details = options.details;
  }

  /** Build from a JSON-RPC error object; `data` holds our wire error when the server sent one. */
  static fromRpc(error: JsonRpcErrorObject): UistreamError {
    const wire = WireError.safeParse(error.data);
    if (!wire.success) return new UistreamError('internal', error.message, { rpcCode: error.code });
    const { code, message, recovery, details } = wire.data;
    return new UistreamError(code, message, {
      rpcCode: error.code,
      recovery,
      ...(details && { details }),
    });
  }
}

/** The connection went away before an answer came; the call may or may not have run. */
export function connectionLost(reason: string): UistreamError {
  return new UistreamError('backend_unavailable', `connection lost: ${reason}`, {
    recovery: ['Reconnect and retry if the call is idempotent'],
  });
}
