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
