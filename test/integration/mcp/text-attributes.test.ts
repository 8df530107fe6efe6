/** ui_text_attributes over streamable HTTP on the sim desktop: runs, ranges and typed errors. */
import { expect, it } from 'vitest';
import { call, ok, useMcpHttp } from './harness.js';

const mcp = useMcpHttp();

async function refOf(automationId: string): Promise<string> {
  const found = await ok(mcp.client, 'ui_find', { automationId });
  return /\[ref=(e\d+)\]/.exec(found.text)?.[1] ?? 'missing';
}

it('reads the formatting of a range of the editor text', async () => {
  await ok(mcp.client, 'ui_set_value', {
    target: { automationId: 'editor.text' },
    value: 'Hello world',
  });
  const ref = await refOf('editor.text');
  const r = await ok(mcp.client, 'ui_text_attributes', { ref, start: 6 });
  expect(r.text).toBe('6-11 "world" weight=400 "DejaVu Sans" 10.5pt #000000 on #ffffff');
  expect(r.structured).toMatchObject({ truncated: false, runs: [{ start: 6, end: 11 }] });
});

it('answers typed errors for elements without text and unknown refs', async () => {
  const button = await refOf('editor.save');
  const none = await call(mcp.client, 'ui_text_attributes', { ref: button });
  expect(none.isError).toBe(true);
  expect(none.text).toMatch(/^error pattern_not_supported/);
  const gone = await call(mcp.client, 'ui_text_attributes', { ref: 'e999999' });
  expect(gone.text).toMatch(/^error (element_not_found|element_stale)/);
});
