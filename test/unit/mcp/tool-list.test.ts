/**
 * The listing tools/list shows: within its budget (tokens of definitions, bytes on the wire),
 * portable (the checks of the MCP Inspector's --strict report, run here without the Inspector),
 * looser than the zod schemas it comes from, and trimmed only by parameters that exist.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definitionFigures } from '../../integration/mcp/definitions.js';
import { loadConfig } from '../../../src/config.js';
import { PARAM_LISTING } from '../../../src/mcp/param-listing.js';
import { inputOutline, outputOutline } from '../../../src/mcp/schema-outline.js';
import { listedTools } from '../../../src/mcp/tool-list.js';
import { defaultTools, toolsFor } from '../../../src/mcp/tools/index.js';

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every subschema with its path, as the Inspector walks them. */
function* subschemas(
  node: unknown,
  path: string,
  keyword?: string,
): Generator<[unknown, string, string?]> {
  yield [node, path, keyword];
  if (!isJson(node)) return;
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions']) {
    const map = node[key];
    if (isJson(map)) for (const [k, v] of Object.entries(map)) yield* subschemas(v, `${path}.${k}`);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
    const arr = node[key];
    if (Array.isArray(arr))
      for (const [i, v] of arr.entries()) yield* subschemas(v, `${path}.${key}[${i}]`);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'contains', 'propertyNames']) {
    if (key in node) yield* subschemas(node[key], `${path}.${key}`, key);
  }
}

const CONSTRAINING = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'required'];

/** Findings of the Inspector's strict rules: type arrays, untyped schemas, bare booleans, remote refs. */
function portabilityFindings(schema: unknown, name: string): string[] {
  const found: string[] = [];
  for (const [node, path, keyword] of subschemas(schema, name)) {
    if (typeof node === 'boolean') {
      if (keyword !== 'additionalProperties') found.push(`${path}: bare boolean schema`);
      continue;
    }
    if (!isJson(node)) continue;
    if (Array.isArray(node.type)) found.push(`${path}: type array`);
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#'))
      found.push(`${path}: remote $ref`);
    if (keyword !== 'not' && !CONSTRAINING.some((k) => k in node)) found.push(`${path}: untyped`);
  }
  return found;
}

const profiles = {
  default: toolsFor(loadConfig({})),
  readOnly: toolsFor(loadConfig({ readOnly: true })),
  ui_automation: toolsFor(loadConfig({ mcp: { tools: 'ui_automation' } })),
};

describe('tool listing budget', () => {
  // Every operation, the desktop ones included (apps, windows, clipboard, drag), every listed
  // parameter described and short enums declared, in 3,600 tokens.
  it('keeps the default profile within 3,600 tokens of definitions and 24 KB of tools/list', () => {
    const figures = definitionFigures(defaultTools);
    expect(figures.tokens, JSON.stringify(figures.perTool)).toBeLessThanOrEqual(3600);
    expect(figures.listBytes).toBeLessThanOrEqual(24 * 1024);
  });
});

describe('tool listing portability', () => {
  for (const [profile, tools] of Object.entries(profiles)) {
    it(`gives no finding of the --strict rules in the ${profile} profile`, () => {
      const findings = listedTools(tools).flatMap((t) => [
        ...portabilityFindings(t.inputSchema, `${t.name}.inputSchema`),
        ...portabilityFindings(t.outputSchema, `${t.name}.outputSchema`),
      ]);
      expect(findings).toEqual([]);
    });
  }
});

describe('listed input schemas', () => {
  const tools = [...profiles.default, ...profiles.ui_automation];

  it('list only parameters the tool accepts, and never hide a required one', () => {
    for (const tool of tools) {
      const full = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Json;
      const listed = listedTools([tool])[0]?.inputSchema as Json;
      const fullProps = Object.keys(full.properties ?? {});
      const listedProps = Object.keys(listed.properties ?? {});
      expect(fullProps, tool.name).toEqual(expect.arrayContaining(listedProps));
      for (const required of (full.required ?? []) as string[]) {
        expect(listedProps, `${tool.name} hides required ${required}`).toContain(required);
      }
    }
  });

  it('has a rule in the parameter table only for parameters that exist', () => {
    const paths = new Set<string>();
    for (const tool of tools) {
      const full = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Json;
      for (const [name, sub] of Object.entries((full.properties ?? {}) as Json)) {
        for (const scope of ['', `${tool.name}:`, `${tool.kind}:`]) paths.add(scope + name);
        for (const child of Object.keys((isJson(sub) ? sub.properties : undefined) ?? {})) {
          for (const scope of ['', `${tool.name}:`, `${tool.kind}:`])
            paths.add(`${scope}${name}.${child}`);
        }
      }
    }
    expect(Object.keys(PARAM_LISTING).filter((key) => !paths.has(key))).toEqual([]);
  });
});

describe('schema outline', () => {
  const tool = { name: 'ui_test', kind: 'read' as const };

  it('splits type arrays, spells unknown values portably and summarises long enums', () => {
    const out = inputOutline(
      {
        type: 'object',
        properties: {
          v: { type: ['string', 'number'] },
          any: {},
          big: { type: 'string', enum: Array.from({ length: 20 }, (_, i) => `k${i}`) },
          rec: { type: 'object', additionalProperties: {} },
        },
        additionalProperties: false,
      },
      tool,
    );
    const props = out.properties as Json;
    expect(props.v).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    expect(portabilityFindings(out, 'out')).toEqual([]);
    expect((props.big as Json).enum).toBeUndefined();
    expect((props.big as Json).description).toMatch(/^One of 20: k0, k1/);
    expect((props.rec as Json).additionalProperties).toBe(true);
    expect(out.additionalProperties).toBeUndefined();
  });

  it('outlines an output schema as its fields and their types', () => {
    const out = outputOutline({
      type: 'object',
      properties: {
        element: {
          anyOf: [{ type: 'object', properties: { ref: { type: 'string' } } }, { type: 'null' }],
        },
        items: { type: 'array', items: { type: 'object' }, description: 'x' },
      },
      required: ['element'],
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        element: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        items: { type: 'array' },
      },
    });
  });
});
