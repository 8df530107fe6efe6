/**
 * One table of parameters drives both profiles: every parameter a default tool accepts is
 * accepted by the ui_automation action that stands for it (with the same schema) or is left out
 * with a reason, and every path in the table exists in that tool's input.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AUTOMATION_PARAMS,
  AUTOMATION_TOOLS,
  AutomationInput,
  leftOut,
} from '../../../src/mcp/tools/automation-params.js';
import type { AutomationAction } from '../../../src/mcp/tools/automation-shape.js';
import { defaultTools } from '../../../src/mcp/tools/index.js';

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const props = (s: unknown): Json => (isJson(s) && isJson(s.properties) ? s.properties : {});

/** Every parameter path of a tool's input: top-level names and the fields of `target`. */
function inputPaths(toolName: string): Map<string, unknown> {
  const tool = defaultTools.find((t) => t.name === toolName);
  if (tool === undefined) throw new Error(`no tool ${toolName}`);
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' });
  const paths = new Map<string, unknown>();
  for (const [name, sub] of Object.entries(props(schema))) {
    paths.set(name, sub);
    const inner: unknown = isJson(sub) && Array.isArray(sub.anyOf) ? sub.anyOf[0] : sub;
    for (const [field, s] of Object.entries(props(inner))) paths.set(`${name}.${field}`, s);
  }
  return paths;
}

/** A schema as JSON Schema, without what does not change what it accepts. */
function accepted(schema: unknown): unknown {
  const json = isJson(schema) ? { ...schema } : schema;
  if (isJson(json)) {
    delete json.description;
    delete json.$schema;
  }
  return json;
}

const entries = Object.entries(AUTOMATION_PARAMS) as [string, { schema: z.ZodType; to: Json }][];
/** Parameters whose contract differs on purpose (documented in the table). */
const OWN_SCHEMA = new Set(['timeoutMs', 'elementId']);

describe('ui_automation parameter table', () => {
  for (const [action, toolName] of Object.entries(AUTOMATION_TOOLS) as [
    AutomationAction,
    string,
  ][]) {
    it(`${action} accepts what ${toolName} accepts, or says why not`, () => {
      const paths = inputPaths(toolName);
      const covered = new Set(entries.map(([, p]) => p.to[action]).filter((p) => p !== undefined));
      const missing = [...paths.keys()].filter(
        (path) =>
          !covered.has(path) &&
          leftOut(action, path) === undefined &&
          paths.has(`${path}.ref`) === false,
      );
      expect(missing).toEqual([]);
      for (const [name, p] of entries) {
        const path = p.to[action] as string | undefined;
        if (path === undefined) continue;
        expect(paths.has(path), `${name} -> ${toolName}.${path}`).toBe(true);
        if (OWN_SCHEMA.has(name)) continue;
        const mine = z.toJSONSchema(p.schema, { io: 'input', unrepresentable: 'any' });
        expect(accepted(mine), `${name} -> ${toolName}.${path}`).toEqual(accepted(paths.get(path)));
      }
    });
  }

  it('builds the ui_automation input from the table', () => {
    const keys = Object.keys(AutomationInput.shape).filter((k) => k !== 'action');
    expect(keys.sort()).toEqual(Object.keys(AUTOMATION_PARAMS).sort());
    expect(AutomationInput.safeParse({ action: 'get_text', window: 'Settings' }).success).toBe(
      true,
    );
    expect(AutomationInput.safeParse({ action: 'scroll_into_view', maxScrolls: 10 }).success).toBe(
      true,
    );
  });
});
