/**
 * The MCP layer's own contracts: what a tool is (declared as data), what it needs from the
 * rest of the server, and what it answers. Nothing here imports the MCP SDK.
 */
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { type PatchBatch, strictParams } from '../../protocol/src/index.js';
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import type { CallerContext } from '../executor/api.js';
import type { HandlerTable } from '../service/handlers.js';

/** What the MCP server needs: the shared method table, and the cache only for change signals. */
export interface McpDeps {
  handlers: HandlerTable;
  config: Config;
  /** Patch stream (resource notifications) and counts (ui_status); reads go through handlers. */
  cache?: { readonly patches$: Observable<PatchBatch>; stats: UiCache['stats'] };
}

/** `read` tools never change the desktop; `action` tools do and are hidden in read-only mode. */
export type ToolKind = 'read' | 'action';

/** A tool's answer: compact text for the model plus the structured form. */
export interface ToolAnswer<O> {
  text: string;
  structured: O;
  /** Images shown to the model after the text (MCP image content blocks). */
  images?: { data: string; mimeType: string }[];
}

/** What a tool body receives besides its validated input. */
export interface ToolContext {
  deps: McpDeps;
  caller: CallerContext;
}

/**
 * One tool, declared as data. `input` and `output` are zod object schemas; the server lists
 * them as JSON Schema and validates input before `run` is called.
 */
export interface ToolDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly title: string;
  readonly kind: ToolKind;
  readonly description: string;
  readonly input: I;
  readonly output: O;
  run(input: z.output<I>, ctx: ToolContext): Promise<ToolAnswer<z.output<O>>>;
  /**
   * 'always': the structured answer is the tool's contract (ui_automation), sent and its
   * schema declared whatever the server's `mcp.structured` says.
   */
  readonly structured?: 'always';
  /**
   * Set when a failure has a structured form of its own (the ui_automation profile); other
   * tools answer failures as text with isError.
   */
  failure?(err: unknown, input: unknown, startedAt: number): ToolAnswer<z.output<O>>;
}

/** Declare a tool with its types inferred from its schemas; its input refuses unknown keys. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(
  def: ToolDef<I, O>,
): ToolDef<I, O> {
  return { ...def, input: strictParams(def.input) };
}

/** A tool result as MCP carries it (shape of CallToolResult, without importing the SDK). */
export interface ToolCallResult {
  [key: string]: unknown;
  /** The text first, then any images. */
  content: [{ type: 'text'; text: string }, ...{ type: 'image'; data: string; mimeType: string }[]];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
