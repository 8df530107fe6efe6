import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { listedTools } from '../../../src/mcp/tool-list.js';
import { READ_ONLY_MARK, toolsFor } from '../../../src/mcp/tools/index.js';

const DEFAULT_TOOLS = [
  'ui_app',
  'ui_snapshot',
  'ui_read',
  'ui_find',
  'ui_get_element',
  'ui_get_text',
  'ui_list_windows',
  'ui_status',
  'ui_events',
  'ui_text_attributes',
  'ui_click',
  'ui_type',
  'ui_press_keys',
  'ui_set_value',
  'ui_select',
  'ui_invoke',
  'ui_focus',
  'ui_scroll',
  'ui_drag',
  'ui_wait_for',
  'ui_batch',
  'ui_window',
  'ui_screenshot',
  'ui_ocr',
  'ui_clipboard',
];

describe('tool profiles', () => {
  it('lists every default tool once', () => {
    const names = toolsFor(loadConfig({})).map((t) => t.name);
    expect([...names].sort()).toEqual([...DEFAULT_TOOLS].sort());
  });

  it('keeps acting tools listed in read-only mode, marked as unavailable', () => {
    const tools = toolsFor(loadConfig({ readOnly: true }));
    expect(tools.map((t) => t.name).sort()).toEqual([...DEFAULT_TOOLS].sort());
    for (const acting of ['ui_click', 'ui_type', 'ui_batch', 'ui_set_value']) {
      const tool = tools.find((t) => t.name === acting);
      expect(tool?.description.startsWith(READ_ONLY_MARK)).toBe(true);
    }
    const snapshot = tools.find((t) => t.name === 'ui_snapshot');
    expect(snapshot?.description.startsWith(READ_ONLY_MARK)).toBe(false);
  });

  it('offers the single ui_automation tool in that profile', () => {
    const tools = toolsFor(loadConfig({ mcp: { tools: 'ui_automation' } }));
    expect(tools.map((t) => t.name)).toEqual(['ui_automation']);
  });
});

describe('tool listing', () => {
  const all = [
    ...toolsFor(loadConfig({})),
    ...toolsFor(loadConfig({ mcp: { tools: 'ui_automation' } })),
  ];
  const listed = listedTools(all, true);

  it('gives object input and output schemas', () => {
    for (const t of listed) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.inputSchema).not.toHaveProperty('default');
    }
  });

  it('declares output schemas only for answers that carry structuredContent', () => {
    const plain = listedTools(all);
    const withSchema = plain.filter((t) => t.outputSchema !== undefined).map((t) => t.name);
    expect(withSchema).toEqual(['ui_automation']);
  });

  it('sets annotations from the kind', () => {
    const click = listed.find((t) => t.name === 'ui_click');
    const snapshot = listed.find((t) => t.name === 'ui_snapshot');
    expect(click?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(snapshot?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it('describes the click target and its options', () => {
    const click = listed.find((t) => t.name === 'ui_click');
    const props = click?.inputSchema.properties as Record<string, unknown>;
    expect(Object.keys(props)).toEqual(expect.arrayContaining(['target', 'button', 'screenshot']));
    expect(click?.inputSchema.required).toEqual(['target']);
  });

  /** `tool:path` of every listed parameter without a description, nested ones included. */
  // A field is described by its own description or, inside an object, by its parent's naming it.
  function undescribed(schema: Record<string, unknown>, at: string, out: string[]): string[] {
    const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const parent = typeof schema.description === 'string' ? schema.description : '';
    for (const [key, sub] of Object.entries(props)) {
      const own = typeof sub.description === 'string' && sub.description !== '';
      if (!own && !parent.includes(key)) out.push(`${at}${key}`);
      undescribed(sub, `${at}${key}.`, out);
      const items = sub.items as Record<string, unknown> | undefined;
      if (items !== undefined) undescribed(items, `${at}${key}[].`, out);
    }
    return out;
  }

  it('describes every listed parameter of every tool', () => {
    const missing = listed.flatMap((t) => undescribed(t.inputSchema, `${t.name}:`, []));
    expect(missing).toEqual([]);
  });

  it('declares the accepted values of short enums (element fields, patterns)', () => {
    const schema = (name: string): unknown => listed.find((t) => t.name === name)?.inputSchema;
    const get = schema('ui_get_element') as {
      properties: { fields: { items: { enum?: string[] } } };
    };
    expect(get.properties.fields.items.enum).toContain('states');
    const invoke = schema('ui_invoke') as {
      properties: { pattern: { enum?: string[] } };
    };
    expect(invoke.properties.pattern.enum).toContain('Toggle');
  });
});
