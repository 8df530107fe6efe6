/**
 * The tool of a registry method that has no hand-written tool: its schemas are the method's,
 * its answer the result as JSON. A method declared with `mcp.tool` is thereby listed and
 * callable over MCP without other edits.
 */
import type { MethodDef } from '../../../protocol/src/index.js';
import { callByName } from '../call.js';
import { defineTool, type ToolDef, type ToolKind } from '../types.js';

/** An `act` method's tool changes the desktop; every other kind only looks. */
export function toolKindOf(def: Pick<MethodDef, 'kind'>): ToolKind {
  return def.kind === 'act' ? 'action' : 'read';
}

export function methodTool(def: MethodDef, tool: string): ToolDef {
  return defineTool({
    name: tool,
    title: def.name,
    kind: toolKindOf(def),
    description: def.summary,
    input: def.params,
    output: def.result,
    async run(input, ctx) {
      const result = await callByName(ctx, def.name, input);
      return { text: JSON.stringify(result), structured: result };
    },
  });
}
