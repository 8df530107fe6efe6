/**
 * Dragging over MCP (streamable HTTP) on the sim's drag window, in both tool profiles: ui_drag
 * in the default one, ui_automation's drag (found source, dropOnId) in the single-tool one.
 * Each drag is checked from the cache afterwards, not from the tool's own answer.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { SceneInput } from '../../../src/backends/sim/index.js';
import { AutomationAnswer } from '../../../src/mcp/tools/automation-shape.js';
import { call, connectHttp, ok, startHttp, type HttpHarness } from './harness.js';

const SCENE: SceneInput = { apps: [{ kind: 'dragdrop', at: { x: 100, y: 100 } }] };

let h: HttpHarness | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await h?.close();
});

function listOrder(harness: HttpHarness): string[] {
  const cache = harness.app.cache;
  const [list] = cache.find({
    automationId: 'dnd.list',
    nameMatch: 'contains',
    caseSensitive: false,
    maxResults: 1,
  }).elements;
  return cache
    .find({
      within: list?.ref,
      controlType: 'ListItem',
      nameMatch: 'contains',
      caseSensitive: false,
      maxResults: 20,
    })
    .elements.map((n) => n.name);
}

function refOf(harness: HttpHarness, automationId: string): string {
  const [node] = harness.app.cache.find({
    automationId,
    nameMatch: 'contains',
    caseSensitive: false,
    maxResults: 1,
  }).elements;
  if (node === undefined) throw new Error(`no #${automationId}`);
  return node.ref;
}

describe('drag over MCP', () => {
  it('ui_drag moves a list item and says it moved the pointer', async () => {
    h = await startHttp({}, SCENE);
    client = await connectHttp(h.url);
    const r = await ok(client, 'ui_drag', {
      from: { ref: refOf(h, 'dnd.item.apple') },
      to: { ref: refOf(h, 'dnd.item.cherry') },
    });
    expect(r.text).toMatch(/^drag .* via input .*moved pointer/);
    expect(r.structured?.['movedPointer']).toBe(true);
    expect(listOrder(h)).toEqual(['Banana', 'Cherry', 'Apple', 'Date']);
  });

  it('ui_automation drags the found element onto dropOnId, and refuses a drag without it', async () => {
    h = await startHttp({ mcp: { tools: 'ui_automation' } }, SCENE);
    client = await connectHttp(h.url);
    const basket = refOf(h, 'dnd.basket');
    const missing = AutomationAnswer.parse(
      (await call(client, 'ui_automation', { action: 'drag', name: 'Banana' })).structured,
    );
    expect(missing).toMatchObject({ success: false, errorType: 'invalid_params' });
    const done = AutomationAnswer.parse(
      (
        await call(client, 'ui_automation', {
          action: 'drag',
          name: 'Banana',
          controlType: 'ListItem',
          dropOnId: basket,
        })
      ).structured,
    );
    expect(done.success).toBe(true);
    expect(h.app.cache.node(basket)?.name).toBe('Basket (1)');
    expect(listOrder(h)).toEqual(['Apple', 'Cherry', 'Date']);
  });
});
