/**
 * actions.drag over the WebSocket JSON-RPC transport on the sim: a list item dragged onto
 * another reorders the list (read back with elements.find), and a ref that does not resolve
 * answers its typed error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let ws: RawClient;

beforeAll(async () => {
  t = await startTestServer();
  ws = await RawClient.open(t.url);
  t.sim.control.open({ kind: 'dragdrop', at: { x: 900, y: 500 } });
  await ws.call('actions.waitFor', { condition: 'windowOpened', title: 'Drag and Drop' });
});
afterAll(async () => {
  ws.close();
  await t.close();
});

async function items(): Promise<{ ref: string; name: string }[]> {
  const found = await ws.call('elements.find', {
    window: 'Drag and Drop',
    controlType: 'ListItem',
  });
  return (found.result as { elements: { ref: string; name: string }[] }).elements;
}

describe('actions.drag over WebSocket', () => {
  it('reorders the list and reports the pointer use', async () => {
    const before = await items();
    const ref = (name: string): string => before.find((i) => i.name === name)!.ref;
    const reply = await ws.call('actions.drag', {
      from: { ref: ref('Date') },
      to: { ref: ref('Apple') },
      holdMs: 0,
    });
    expect(reply.error).toBeUndefined();
    expect(reply.result).toMatchObject({ method: 'input', movedPointer: true });
    expect((await items()).map((i) => i.name)).toEqual(['Date', 'Apple', 'Banana', 'Cherry']);
  });

  it('answers a typed error for a source that does not exist', async () => {
    const reply = await ws.call('actions.drag', { from: { ref: 'e999999' }, to: { x: 1, y: 1 } });
    expect((reply.error?.data as { code?: string } | undefined)?.code).toBe('element_not_found');
  });
});
