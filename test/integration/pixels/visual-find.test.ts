/**
 * The visual fallback over a real WebSocket on the simulated desktop: a custom-drawn label with
 * no accessible name is found by OCR with `visual: true`, and its point target is clickable;
 * a denied app's window is black, so nothing is found there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecFor } from '../../../protocol/src/index.js';
import { RawClient, type RpcReply } from '../ws/harness.js';
import { DRAWN_LABEL, startPixelsServer, type PixelsServer } from './harness.js';

interface Found {
  elements: unknown[];
  visual?: {
    text: string;
    rect: { x: number; y: number; width: number; height: number };
    target: { x: number; y: number };
    window: string | null;
  }[];
}

let nextId = 5_000;

/** OCR may start a cold engine: the harness's call waits 5 s at most. */
async function slow(client: RawClient, method: string, params: unknown): Promise<RpcReply> {
  const id = nextId++;
  client.sendRaw(codecFor(client.encoding).encode({ jsonrpc: '2.0', id, method, params }));
  return (await client.next((m) => (m as { id?: unknown }).id === id, 90_000)) as RpcReply;
}

describe('visual find on the simulated desktop', () => {
  let s: PixelsServer;
  let c: RawClient;
  beforeAll(async () => {
    s = await startPixelsServer();
    c = await RawClient.open(s.url);
  });
  afterAll(async () => {
    c.close();
    await s.close();
  });

  it('finds a drawn label the tree has no name for, and clicks its point', async () => {
    const query = { name: DRAWN_LABEL, window: 'Sketch' };
    const tree = await c.call('elements.find', query);
    expect((tree.result as Found).elements).toEqual([]);
    expect((tree.result as Found).visual).toBeUndefined();
    const r = await slow(c, 'elements.find', { ...query, visual: true });
    expect(r.error).toBeUndefined();
    const found = r.result as Found;
    expect(found.elements).toEqual([]);
    expect(found.visual?.map((v) => v.text)).toEqual([DRAWN_LABEL]);
    const hit = found.visual?.[0];
    const sketch = s.cache.resolveWindow('Sketch');
    expect(hit?.window).toBe(sketch.ref);
    // The drawn label sits at (20, 60) size 120x24 inside the window.
    const label = { x: (sketch.rect?.x ?? 0) + 20, y: (sketch.rect?.y ?? 0) + 60 };
    expect(hit?.target.x).toBeGreaterThanOrEqual(label.x);
    expect(hit?.target.x).toBeLessThan(label.x + 120);
    expect(hit?.target.y).toBeGreaterThanOrEqual(label.y);
    expect(hit?.target.y).toBeLessThan(label.y + 24);
    const click = await c.call('actions.click', { target: hit?.target });
    expect(click.error).toBeUndefined();
    const element = (click.result as { element: { controlType: string } | null }).element;
    expect(element?.controlType).toBe('Custom');
  }, 120_000);

  it('visual: true without a name is invalid_params', async () => {
    const r = await c.call('elements.find', { automationId: 'none', visual: true });
    expect(r.error?.data?.code).toBe('invalid_params');
  });
});

describe('visual find and privacy', () => {
  it('refuses to search a denied window, finds nothing of it elsewhere, and cannot click there', async () => {
    const s = await startPixelsServer({ executor: { denyApps: ['sketch'] } });
    const c = await RawClient.open(s.url);
    try {
      // Named, the denied window is refused; searched for everywhere, its label is not found.
      const named = await slow(c, 'elements.find', {
        name: DRAWN_LABEL,
        window: 'Sketch',
        visual: true,
      });
      expect(named.error?.data?.code).toBe('denied');
      const r = await slow(c, 'elements.find', { name: DRAWN_LABEL, visual: true });
      expect(r.error).toBeUndefined();
      expect((r.result as Found).visual).toEqual([]);
      const sketch = s.store.resolveWindow('Sketch').rect;
      const point = { x: (sketch?.x ?? 0) + 60, y: (sketch?.y ?? 0) + 72 };
      const click = await c.call('actions.click', { target: point });
      expect(click.error?.data?.code).toBe('forbidden_target');
    } finally {
      c.close();
      await s.close();
    }
  }, 120_000);
});
