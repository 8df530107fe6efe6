/** JSON-RPC 2.0 envelopes. Params and results are validated per method by the registry. */
import { z } from 'zod';

export const RequestId = z.union([z.string().max(128), z.number().int()]);
export type RequestId = z.infer<typeof RequestId>;

export const JsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: RequestId,
  method: z.string().min(1).max(128),
  params: z.unknown().optional(),
});
export type JsonRpcRequest = z.infer<typeof JsonRpcRequest>;

/**
 * `JsonRpcRequest`'s rules checked by hand, for the per-frame hot path (a zod parse costs as
 * much as the cached read it carries). Null where the schema would refuse the value; the
 * equivalence is tested against the schema (test/unit/protocol/jsonrpc-fast.test.ts).
 */
export function asJsonRpcRequest(value: unknown): JsonRpcRequest | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const { id, method, params } = v;
  if (v.jsonrpc !== '2.0' || typeof method !== 'string') return null;
  if (method.length < 1 || method.length > 128) return null;
  const idOk =
    (typeof id === 'string' && id.length <= 128) ||
    (typeof id === 'number' && Number.isSafeInteger(id));
  if (!idOk) return null;
  return params === undefined
    ? { jsonrpc: '2.0', id, method }
    : { jsonrpc: '2.0', id, method, params };
}

export const JsonRpcNotification = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string().min(1).max(128),
  params: z.unknown().optional(),
});
export type JsonRpcNotification = z.infer<typeof JsonRpcNotification>;

export const JsonRpcErrorObject = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type JsonRpcErrorObject = z.infer<typeof JsonRpcErrorObject>;

export const JsonRpcSuccess = z.object({
  jsonrpc: z.literal('2.0'),
  id: RequestId,
  result: z.unknown(),
});
export const JsonRpcFailure = z.object({
  jsonrpc: z.literal('2.0'),
  id: RequestId.nullable(),
  error: JsonRpcErrorObject,
});
export const JsonRpcResponse = z.union([JsonRpcSuccess, JsonRpcFailure]);
export type JsonRpcResponse = z.infer<typeof JsonRpcResponse>;

/** Anything a server may send: a response or a notification. */
export const ServerMessage = z.union([JsonRpcSuccess, JsonRpcFailure, JsonRpcNotification]);
export type ServerMessage = z.infer<typeof ServerMessage>;
