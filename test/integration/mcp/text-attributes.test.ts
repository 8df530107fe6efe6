/** ui_text_attributes over streamable HTTP on the sim desktop: runs, ranges and typed errors. */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, connectHttp, ok, startHttp, type HttpHarness } from './harness.js';

let h: HttpHarness;
let client: Client;

beforeAll(async () => {
  h = await startHttp();
  client = await connectHttp(h.url);
});

afterAll(async () => {
  await client.close();
  await h.close();
});

async function refOf(automationId: string): Promise<string> {
  const found = await ok(client, 'ui_find', { automationId });
  return /\[ref=(e\d+)\]/.exec(found.text)?.[1] ?? 'missing';
}

it('reads the formatting of a range of the editor text', async () => {
  await ok(client, 'ui_set_value', {
    target: { automationId: 'editor.text' },
    value: 'Hello world',
  });
  const ref = await refOf('editor.text');
  const r = await ok(client, 'ui_text_attributes', { ref, start: 6 });
  expect(r.text).toBe('6-11 "world" weight=400 "DejaVu Sans" 10.5pt #000000 on #ffffff');
  expect(r.structured).toMatchObject({ truncated: false, runs: [{ start: 6, end: 11 }] });
});

it('answers typed errors for elements without text and unknown refs', async () => {
  const button = await refOf('editor.save');
  const none = await call(client, 'ui_text_attributes', { ref: button });
  expect(none.isError).toBe(true);
  expect(none.text).toMatch(/^error pattern_not_supported/);
  const gone = await call(client, 'ui_text_attributes', { ref: 'e999999' });
  expect(gone.text).toMatch(/^error (element_not_found|element_stale)/);
});
