/**
 * Post-action and failure screenshots over real WebSocket connections on the simulated desktop:
 * the per-action option, the server's --screenshots mode, the opt-out, the failure cooldown and
 * --no-screenshots refusing before the action runs.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, type RpcReply } from '../ws/harness.js';
import { startPixelsServer, type PixelsServer } from './harness.js';

interface Shot {
  width: number;
  height: number;
  rect: { x: number; y: number; width: number; height: number };
  mimeType: string;
  data: Uint8Array | string;
}

const EDIT = { automationId: 'editor.text' };
const MISSING = { automationId: 'no.such.control' };

function shotOf(reply: RpcReply): Shot | undefined {
  if (reply.error !== undefined) {
    const details = reply.error.data?.details as { screenshot?: Shot } | undefined;
    return details?.screenshot;
  }
  return (reply.result as { screenshot?: Shot }).screenshot;
}

async function size(data: Uint8Array | string): Promise<[number, number]> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'base64') : Buffer.from(data);
  const meta = await sharp(bytes).metadata();
  return [meta.width ?? 0, meta.height ?? 0];
}

async function setText(c: RawClient, value: string, extra: object = {}): Promise<RpcReply> {
  return c.call('actions.setValue', { target: EDIT, value, ...extra });
}

describe('post-action screenshots (WebSocket default: off)', () => {
  let s: PixelsServer;
  let c: RawClient;
  beforeAll(async () => {
    s = await startPixelsServer();
    c = await RawClient.open(s.url, { encoding: 'msgpack' });
  });
  afterAll(async () => {
    c.close();
    await s.close();
  });

  it('takes none unless asked', async () => {
    const plain = await setText(c, 'first');
    expect(plain.error).toBeUndefined();
    expect(shotOf(plain)).toBeUndefined();
    const failed = await c.call('actions.click', { target: MISSING });
    expect(failed.error?.data?.code).toBe('element_not_found');
    expect(shotOf(failed)).toBeUndefined();
  });

  it('screenshot: true answers a PNG of the acted-on window, binary in MessagePack', async () => {
    const r = await setText(c, 'second', { screenshot: true, screenshotDelayMs: 0 });
    expect(r.error).toBeUndefined();
    const shot = shotOf(r);
    const editor = s.cache.resolveWindow('Editor');
    expect(shot?.data).toBeInstanceOf(Uint8Array);
    expect(shot?.mimeType).toBe('image/png');
    expect(shot?.rect).toEqual(editor.rect);
    expect(await size(shot?.data ?? '')).toEqual([editor.rect?.width, editor.rect?.height]);
  });

  it('screenshot: true on a failure puts the screenshot in the error details', async () => {
    const r = await c.call('actions.click', { target: MISSING, screenshot: true });
    expect(r.error?.data?.code).toBe('element_not_found');
    const shot = shotOf(r);
    expect(shot).toBeDefined();
    expect(await size(shot?.data ?? '')).toEqual([shot?.width, shot?.height]);
  });
});

describe('--screenshots modes', () => {
  it('after-actions: every action answers a screenshot; screenshot: false opts out', async () => {
    const s = await startPixelsServer({ pixels: { screenshots: 'after-actions' } });
    const c = await RawClient.open(s.url);
    try {
      const r = await setText(c, 'shot');
      expect(typeof shotOf(r)?.data).toBe('string');
      const out = await setText(c, 'no shot', { screenshot: false });
      expect(out.error).toBeUndefined();
      expect(shotOf(out)).toBeUndefined();
    } finally {
      c.close();
      await s.close();
    }
  });

  it('on-failure: one failure screenshot per cooldown; an explicit ask is not held back', async () => {
    const s = await startPixelsServer({
      pixels: { screenshots: 'on-failure', failureCooldownMs: 3_600_000 },
    });
    const c = await RawClient.open(s.url);
    try {
      expect(shotOf(await setText(c, 'fine'))).toBeUndefined();
      const first = await c.call('actions.click', { target: MISSING });
      expect(first.error?.data?.code).toBe('element_not_found');
      expect(shotOf(first)).toBeDefined();
      const second = await c.call('actions.click', { target: MISSING });
      expect(second.error?.data?.code).toBe('element_not_found');
      expect(shotOf(second)).toBeUndefined();
      const asked = await c.call('actions.click', { target: MISSING, screenshot: true });
      expect(shotOf(asked)).toBeDefined();
    } finally {
      c.close();
      await s.close();
    }
  });

  it('--no-screenshots: screenshot: true refuses with capture_disabled before acting', async () => {
    const s = await startPixelsServer({ pixels: { enabled: false, screenshots: 'after-actions' } });
    const c = await RawClient.open(s.url);
    try {
      const doc = s.cache.find({
        ...EDIT,
        nameMatch: 'contains',
        caseSensitive: false,
        maxResults: 1,
      }).elements[0];
      const before = doc?.value;
      const refused = await setText(c, 'must not land', { screenshot: true });
      expect(refused.error?.data?.code).toBe('capture_disabled');
      expect(s.cache.node(doc?.ref ?? '')?.value).toBe(before);
      // The mode alone does not fail actions when capture is off: they run without pictures.
      const r = await setText(c, 'lands');
      expect(r.error).toBeUndefined();
      expect(shotOf(r)).toBeUndefined();
    } finally {
      c.close();
      await s.close();
    }
  });
});
