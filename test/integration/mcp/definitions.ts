/**
 * What the tool definitions of a profile cost: the tokens a model reads for each tool (name,
 * description and input schema, as tools/list shows them) and the bytes of the whole tools/list
 * answer on the wire (the JSON-RPC response, compact, as the server sends it).
 */
import { encode } from 'gpt-tokenizer';
import { listedTools } from '../../../src/mcp/tool-list.js';
import type { ToolDef } from '../../../src/mcp/types.js';

export interface DefinitionFigures {
  /** name + description + input schema, summed over the tools (o200k_base tokens). */
  tokens: number;
  /** Bytes of `{"jsonrpc":"2.0","id":1,"result":{"tools":[...]}}`. */
  listBytes: number;
  perTool: { name: string; tokens: number }[];
}

export function definitionFigures(tools: readonly ToolDef[]): DefinitionFigures {
  const listed = listedTools(tools);
  const perTool = listed.map((t) => ({
    name: t.name,
    tokens: encode(t.name + t.description + JSON.stringify(t.inputSchema)).length,
  }));
  const response = { jsonrpc: '2.0', id: 1, result: { tools: listed } };
  return {
    tokens: perTool.reduce((sum, t) => sum + t.tokens, 0),
    listBytes: Buffer.byteLength(JSON.stringify(response)),
    perTool,
  };
}
