/**
 * Mapping to JSON-RPC error objects. Domain errors keep the standard JSON-RPC number where one
 * fits and carry our wire error (code, message, recovery, details) in `data`; local errors go
 * through toWireError so nothing local crosses the wire.
 */
import type { ErrorCode, JsonRpcErrorObject, WireError } from '../../protocol/src/index.js';
import { DEFAULT_RECOVERY, JSONRPC_CODES } from '../../protocol/src/index.js';
import { toWireError } from '../errors.js';

function numberFor(code: ErrorCode): number {
  if (code === 'invalid_params') return JSONRPC_CODES.invalidParams;
  if (code === 'internal') return JSONRPC_CODES.internalError;
  return JSONRPC_CODES.domainError;
}

export function rpcErrorFrom(err: unknown): JsonRpcErrorObject {
  const wire = toWireError(err);
  return { code: numberFor(wire.code), message: wire.message, data: wire };
}

/** A protocol-level error (parse, invalid request, unknown method) with our code in data. */
export function protocolError(
  rpcCode: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): JsonRpcErrorObject {
  const data: WireError = { code, message, recovery: DEFAULT_RECOVERY[code] };
  if (details !== undefined) data.details = details;
  return { code: rpcCode, message, data };
}
