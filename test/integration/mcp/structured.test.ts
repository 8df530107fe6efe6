/**
 * structuredContent is sent where the host asked for it (`--structured-content`) or where the
 * tool's contract is its structured answer (ui_automation); output schemas are declared exactly
 * for the answers that carry it, over the real HTTP transport and the SDK's client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { call, connectHttp, startHttp, type HttpHarness } from './harness.js';

let h: HttpHarness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('structured content', () => {
  it('is left out by default: text only, no output schemas', async () => {
    h = await startHttp({ mcp: { structured: false } });
    const client = await connectHttp(h.url);
    const { tools } = await client.listTools();
    expect(tools.filter((t) => t.outputSchema !== undefined)).toEqual([]);
    const r = await call(client, 'ui_list_windows');
    expect(r.text).toMatch(/"Untitled - Editor" \[w\d+\]/);
    expect(r.structured).toBeUndefined();
    await client.close();
  });

  it('comes with its output schemas when the host asks', async () => {
    h = await startHttp({ mcp: { structured: true } });
    const client = await connectHttp(h.url);
    const { tools } = await client.listTools();
    expect(tools.every((t) => t.outputSchema?.type === 'object')).toBe(true);
    const r = await call(client, 'ui_list_windows');
    expect(r.structured?.windows).toEqual(expect.arrayContaining([expect.anything()]));
    await client.close();
  });

  it('always comes from ui_automation, whose contract it is', async () => {
    h = await startHttp({ mcp: { tools: 'ui_automation', structured: false } });
    const client = await connectHttp(h.url);
    const { tools } = await client.listTools();
    expect(tools[0]?.outputSchema?.type).toBe('object');
    const r = await call(client, 'ui_automation', { action: 'find', name: 'Save' });
    expect(r.structured).toMatchObject({ success: true, action: 'find' });
    await client.close();
  });
});
