/** Tools as tools/list shows them: JSON Schema from the zod schemas, annotations from the kind. */
import { z } from 'zod';
import { inputOutline, outputOutline } from './schema-outline.js';
import type { ToolDef } from './types.js';

export interface ListedTool {
  [key: string]: unknown;
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  /** Declared only when the answer carries structuredContent (see `sendsStructured`). */
  outputSchema?: { type: 'object'; [key: string]: unknown };
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
}

function objectSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  tool: ToolDef,
): ListedTool['inputSchema'] {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  // A tool schema must be an object at the root; a top-level default is meaningless there.
  delete json.default;
  const listed = io === 'input' ? inputOutline(json, tool) : outputOutline(json);
  return { ...listed, type: 'object' };
}

/**
 * Whether a tool's answers carry structuredContent: when the host asked for it (`mcp.structured`)
 * or the tool's contract is its structured answer. A declared output schema obliges the server to
 * send it (MCP 2025-06-18), so the schema is declared exactly then.
 */
export function sendsStructured(tool: Pick<ToolDef, 'structured'>, structured: boolean): boolean {
  return structured || tool.structured === 'always';
}

/** Reads are read-only and idempotent; actions may destroy (typing, closing, deleting). */
export function listedTools(tools: readonly ToolDef[], structured = false): ListedTool[] {
  return tools.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: objectSchema(t.input, 'input', t),
    ...(sendsStructured(t, structured)
      ? { outputSchema: objectSchema(t.output, 'output', t) }
      : {}),
    // The tool's title sits at the top level (protocol 2025-06-18 and later), not again here.
    annotations: {
      readOnlyHint: t.kind === 'read',
      destructiveHint: t.kind === 'action',
      idempotentHint: t.kind === 'read',
      openWorldHint: false,
    },
  }));
}
