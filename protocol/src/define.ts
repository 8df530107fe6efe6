/** Helpers that declare methods and notifications as data, so servers, docs and clients iterate one registry. */
import type { z } from 'zod';
import { strictParams } from './strict.js';

/**
 * What a method does, which drives policy: `act` methods change the desktop (refused in
 * read-only mode, run by the executor); `capture` methods read pixels (capture privacy);
 * `read` methods change nothing (cache reads, waits, cancel, the session's hello);
 * `subscribe` methods hold per-connection state.
 */
export type MethodKind = 'read' | 'act' | 'subscribe' | 'capture';

/** Where a method shows among the MCP tools. */
export interface McpBinding {
  /** The default profile's tool that calls this method. */
  readonly tool: string;
  /** The `ui_automation` action closest to this method, when that profile has one. */
  readonly automation?: string;
}

export interface MethodDef<
  N extends string = string,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  readonly name: N;
  readonly kind: MethodKind;
  readonly summary: string;
  readonly params: P;
  readonly result: R;
  /** Absent: the method is not offered as an MCP tool. */
  readonly mcp?: McpBinding;
}

export interface NotificationDef<N extends string = string, P extends z.ZodType = z.ZodType> {
  readonly name: N;
  readonly summary: string;
  readonly params: P;
}

/** Declare a method; its params refuse unknown keys at every depth (see strict.ts). */
export function defineMethod<N extends string, P extends z.ZodType, R extends z.ZodType>(
  def: MethodDef<N, P, R>,
): MethodDef<N, P, R> {
  return { ...def, params: strictParams(def.params) };
}

export function defineNotification<N extends string, P extends z.ZodType>(
  def: NotificationDef<N, P>,
): NotificationDef<N, P> {
  return def;
}
