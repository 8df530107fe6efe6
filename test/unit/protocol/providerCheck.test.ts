import { describe, expect, it } from 'vitest';
import { ProviderMessage, checkProviderMessage } from '../../../protocol/src/index.js';

const NODE = {
  id: 'u-1',
  parentId: 'w-1',
  children: ['u-2', 'u-3'],
  controlType: 'Button',
  name: 'OK',
  automationId: 'ok',
  className: 'Button',
  rect: { x: -4, y: 10.5, width: 80, height: 24 },
  states: ['enabled', 'focusable'],
  patterns: ['Invoke', 'Text'],
};

/** The node with one field replaced (undefined: left out). */
const node = (change: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...NODE, ...change };
  for (const [k, v] of Object.entries(change)) if (v === undefined) delete out[k];
  return out;
};

const NODES: unknown[] = [
  NODE,
  node({ parentId: null, rect: null, children: [] }),
  node({ automationId: undefined, className: undefined }),
  node({ value: 'typed', range: { value: 1, min: 0, max: 10 } }),
  node({ range: { value: 1, min: 0, max: 10, step: 0.5 } }),
  node({ extra: 'ignored' }),
  node({ id: '' }),
  node({ id: 'x'.repeat(513) }),
  node({ id: 7 }),
  node({ parentId: undefined }),
  node({ children: ['ok', ''] }),
  node({ children: 'u-2' }),
  node({ controlType: 'Gadget' }),
  node({ controlType: undefined }),
  node({ name: 'n'.repeat(8193) }),
  node({ name: null }),
  node({ automationId: null }),
  node({ className: 'c'.repeat(1025) }),
  node({ value: 3 }),
  node({ range: { value: 1, min: 0 } }),
  node({ range: { value: 1, min: 0, max: 2, step: '1' } }),
  node({ rect: { x: 0, y: 0, width: -1, height: 2 } }),
  node({ rect: { x: '0', y: 0, width: 1, height: 2 } }),
  node({ rect: undefined }),
  node({ states: ['enabled', 'sleepy'] }),
  node({ states: Array.from({ length: 65 }, () => 'enabled') }),
  node({ patterns: ['Invoke', 7] }),
  node({ patterns: undefined }),
  null,
  [NODE],
  'node',
];

const CASES: unknown[] = [
  ...NODES.map((n) => ({ type: 'snapshot', seq: 0, windows: ['w-1'], nodes: [n], focus: null })),
  ...NODES.map((n) => ({ type: 'delta', seq: 3, upsert: [n] })),
  ...NODES.map((n) => ({ type: 'snapshotPart', seq: 0, part: 2, nodes: [n] })),
  { type: 'snapshot', seq: 0, windows: [], nodes: [], focus: 'u-1', parts: 3 },
  { type: 'snapshot', seq: -1, windows: [], nodes: [], focus: null },
  { type: 'snapshot', seq: 1.5, windows: [], nodes: [], focus: null },
  { type: 'snapshot', seq: 0, windows: [''], nodes: [], focus: null },
  { type: 'snapshot', seq: 0, windows: [], nodes: [], focus: '' },
  { type: 'snapshot', seq: 0, windows: [], nodes: [] },
  { type: 'snapshot', seq: 0, windows: [], nodes: [], focus: null, parts: -1 },
  { type: 'snapshot', seq: 0, windows: [], nodes: {}, focus: null },
  { type: 'snapshotPart', seq: 0, nodes: [] },
  { type: 'snapshotPart', seq: 0, part: 0.5, nodes: [] },
  { type: 'delta', seq: 4 },
  { type: 'delta', seq: 4, remove: ['u-1'], windows: ['w-1'], focus: null },
  { type: 'delta', seq: 4, remove: [''] },
  { type: 'delta', seq: 4, windows: 'w-1' },
  { type: 'delta', seq: 4, focus: 5 },
  { type: 'delta', seq: 4, upsert: null },
  { type: 'result', requestId: 1, ok: true, via: 'input' },
  { type: 'result', requestId: 1, ok: false, error: { code: 'timeout', message: 'late' } },
  { type: 'result', requestId: 0, ok: true },
  { type: 'hello' },
  { seq: 0 },
  null,
  [],
  'snapshot',
];

describe('checkProviderMessage', () => {
  it('accepts exactly what the ProviderMessage schema accepts, with its data', () => {
    for (const value of CASES) {
      const parsed = ProviderMessage.safeParse(value);
      const checked = checkProviderMessage(value);
      const label = JSON.stringify(value)?.slice(0, 120);
      expect(checked.ok, label).toBe(parsed.success);
      if (checked.ok && parsed.success) expect(checked.value, label).toMatchObject(parsed.data);
    }
  });

  it('names the field at fault', () => {
    const bad = { type: 'snapshot', seq: 0, windows: [], focus: null, nodes: [NODE, NODES[12]] };
    expect(checkProviderMessage(bad)).toEqual({
      ok: false,
      problem: 'node 1: controlType is not a known control type',
    });
  });
});
