/**
 * Running a tool call: validate the arguments, run the tool, and turn every failure into a
 * tool result with isError (code, message, recovery), never a protocol error or a stack trace.
 */
import { z } from 'zod';
import { toWireError } from '../errors.js';
import type { CallNamer } from '../hints.js';
import { parseParams } from '../service/dispatch.js';
import { mcpCallName } from './hints.js';
import { takeFailureShot } from './shots.js';
import { sendsStructured } from './tool-list.js';
import type { ToolCallResult, ToolContext, ToolDef } from './types.js';

/** Failure text: `error <code>: message` then the recovery suggestions, calls named by `name`. */
export function errorText(err: unknown, name?: CallNamer): string {
  const wire = toWireError(err, name);
  const lines = [`error ${wire.code}: ${wire.message}`];
  for (const r of wire.recovery) lines.push(`- ${r}`);
  if (wire.details !== undefined)
    lines.push(`details: ${JSON.stringify(wire.details).slice(0, 600)}`);
  return lines.join('\n');
}

function asRecord(value: unknown): Record<string, unknown> {
  return z.record(z.string(), z.unknown()).parse(value);
}

/** Run one call of `tool`; resolves with the MCP tool result in every case. */
export async function runTool(
  tool: ToolDef,
  args: unknown,
  ctx: ToolContext,
): Promise<ToolCallResult> {
  const startedAt = Date.now();
  try {
    const input = parseParams(tool.input, args ?? {}, tool.name);
    const answer = await tool.run(input, ctx);
    const images = (answer.images ?? []).map((i) => ({ type: 'image' as const, ...i }));
    const content: ToolCallResult['content'] = [{ type: 'text', text: answer.text }, ...images];
    if (!sendsStructured(tool, ctx.deps.config.mcp.structured)) return { content };
    return { content, structuredContent: asRecord(answer.structured) };
  } catch (thrown) {
    // A failure screenshot travels as an image or a file, never inside the error's text.
    const { err, delivered } = await takeFailureShot(thrown, ctx.deps.config);
    const shotLine = delivered === undefined ? '' : `\n${delivered.line}`;
    const images = (delivered?.images ?? []).map((i) => ({ type: 'image' as const, ...i }));
    if (tool.failure !== undefined) {
      const answer = tool.failure(err, args, startedAt);
      return {
        content: [{ type: 'text', text: answer.text + shotLine }, ...images],
        structuredContent: asRecord(answer.structured),
        isError: true,
      };
    }
    // Hints name this profile's tools, not the methods behind them.
    const text = errorText(err, mcpCallName(ctx.deps.config.mcp.tools));
    return {
      content: [{ type: 'text', text: text + shotLine }, ...images],
      isError: true,
    };
  }
}
