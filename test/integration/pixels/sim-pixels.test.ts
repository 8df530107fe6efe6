/**
 * Pixels end to end on the simulated desktop over real WebSocket connections: captures of each
 * window (binary in MessagePack, base64 in JSON), set-of-marks against the cache, OCR against
 * the text the sim drew, deny-list blackout and the typed errors.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecFor, type Mark } from '../../../protocol/src/index.js';
import { paintMarks } from '../../../src/pixels/mark-paint.js';
import { RawClient, type RpcReply } from '../ws/harness.js';
import { EDITOR_TEXT, startPixelsServer, words, type PixelsServer } from './harness.js';

interface Shot {
  width: number;
  height: number;
  rect: { x: number; y: number; width: number; height: number };
  data: Uint8Array | string;
  marks?: Mark[];
  blackedOut: number;
}

const INTERACTIVE = ['Button', 'CheckBox', 'RadioButton', 'Edit', 'Document', 'ComboBox'];
const INTERACTIVE_TYPES = new Set([
  ...INTERACTIVE,
  ...['SplitButton', 'Hyperlink', 'ListItem', 'MenuItem', 'TabItem', 'TreeItem', 'DataItem'],
  ...['Slider', 'Spinner', 'ScrollBar'],
]);

let nextId = 1_000;

/** A call that may take long (a cold OCR engine): the harness's call waits 5 s at most. */
async function slow(client: RawClient, method: string, params: unknown): Promise<RpcReply> {
  const id = nextId++;
  client.sendRaw(codecFor(client.encoding).encode({ jsonrpc: '2.0', id, method, params }));
  return (await client.next((m) => (m as { id?: unknown }).id === id, 60_000)) as RpcReply;
}

async function call<T>(client: RawClient, method: string, params: unknown): Promise<T> {
  const reply = await slow(client, method, params);
  if (reply.error !== undefined) throw new Error(JSON.stringify(reply.error));
  return reply.result as T;
}

async function rgba(data: Uint8Array | string) {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'base64') : Buffer.from(data);
  const { data: px, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { px, info };
}

describe('pixels on the simulated desktop', () => {
  let s: PixelsServer;
  let msgpack: RawClient;
  let json: RawClient;
  beforeAll(async () => {
    s = await startPixelsServer();
    msgpack = await RawClient.open(s.url, { encoding: 'msgpack' });
    json = await RawClient.open(s.url, { encoding: 'json' });
  });
  afterAll(async () => {
    msgpack.close();
    json.close();
    await s.close();
  });

  it('captures every window at its size, binary in MessagePack and base64 in JSON, deterministically', async () => {
    const windows = s.cache.windowsList({ includeMinimized: false }).windows;
    expect(windows.length).toBe(2);
    for (const w of windows) {
      const bin = await call<Shot>(msgpack, 'screen.capture', { window: w.ref });
      const b64 = await call<Shot>(json, 'screen.capture', { window: w.ref });
      expect(bin.data).toBeInstanceOf(Uint8Array);
      expect(typeof b64.data).toBe('string');
      expect(Buffer.from(b64.data as string, 'base64').equals(Buffer.from(bin.data))).toBe(true);
      const { info } = await rgba(bin.data);
      expect([info.width, info.height]).toEqual([w.rect?.width, w.rect?.height]);
      expect(bin.rect).toEqual(w.rect);
    }
  });

  it("marks the window's visible interactive elements, as the cache knows them", async () => {
    const editor = s.cache.resolveWindow('Editor');
    const shot = await call<Shot>(msgpack, 'screen.capture', { window: editor.ref, marks: true });
    const expected = s.cache
      .subtree(editor.element)
      .nodes.filter(
        (n) =>
          INTERACTIVE_TYPES.has(n.controlType) &&
          !n.states.includes('offscreen') &&
          n.rect !== null &&
          n.rect.width > 0,
      )
      .map((n) => n.ref);
    expect(expected.length).toBeGreaterThan(5);
    expect(shot.marks?.map((m) => m.ref)).toEqual(expected);
    expect(shot.marks?.map((m) => m.n)).toEqual(expected.map((_r, i) => i + 1));
    const plain = await call<Shot>(msgpack, 'screen.capture', { window: editor.ref });
    expect(Buffer.from(plain.data).equals(Buffer.from(shot.data))).toBe(false);
    // The marked image is the plain one with exactly the marks' boxes and tags painted on it.
    const marked = await rgba(shot.data);
    const expectedPx = (await rgba(plain.data)).px;
    const image = { data: expectedPx, width: marked.info.width, height: marked.info.height };
    await paintMarks(image, shot.marks ?? [], shot.rect, 1);
    expect(marked.px.equals(expectedPx)).toBe(true);
  });

  it("reads the editor's text by OCR at the target rate", async () => {
    const doc = s.cache.find({
      automationId: 'editor.text',
      nameMatch: 'contains',
      caseSensitive: false,
      maxResults: 1,
    }).elements[0];
    const r = await call<{ text: string; words: { rect: { x: number } }[] }>(
      msgpack,
      'screen.ocr',
      {
        ref: doc?.ref,
        timeoutMs: 60_000,
      },
    );
    const seen = new Set(words(r.text));
    const truth = words(EDITOR_TEXT);
    const rate = truth.filter((w) => seen.has(w)).length / truth.length;
    expect(rate).toBeGreaterThanOrEqual(0.97);
    // Word boxes are in screen coordinates, inside the document.
    for (const w of r.words) expect(w.rect.x).toBeGreaterThanOrEqual(doc?.rect?.x ?? 0);
  }, 90_000);

  it('answers typed errors: invalid_region, language_not_supported, no_text_found', async () => {
    const outside = await msgpack.call('screen.capture', {
      rect: { x: 5000, y: 5000, width: 10, height: 10 },
    });
    expect(outside.error?.data?.code).toBe('invalid_region');
    const lang = await slow(msgpack, 'screen.ocr', { window: 'Sketch', language: 'xx' });
    expect(lang.error?.data?.code).toBe('language_not_supported');
    expect(lang.error?.data?.details?.installed).toEqual(['eng']);
    const blank = await slow(msgpack, 'screen.ocr', {
      rect: { x: 860, y: 700, width: 200, height: 100 },
      timeoutMs: 60_000,
    });
    expect(blank.error?.data?.code).toBe('no_text_found');
    const unknown = await msgpack.call('screen.capture', { window: 'Sketch', colour: 'red' });
    expect(unknown.error?.data?.code).toBe('invalid_params');
  }, 90_000);

  it('lists the monitors in session.hello', async () => {
    const hello = await call<{ monitors: unknown[] }>(msgpack, 'session.hello', {});
    expect(hello.monitors).toEqual([
      { index: 0, rect: { x: 0, y: 0, width: 1920, height: 1080 }, scale: 1, primary: true },
    ]);
  });
});

describe('pixels privacy', () => {
  it('blacks out the windows of denied apps', async () => {
    const s = await startPixelsServer({ executor: { denyApps: ['sketch'] } });
    try {
      const client = await RawClient.open(s.url, { encoding: 'msgpack' });
      const shot = await call<Shot>(client, 'screen.capture', {});
      expect(shot.blackedOut).toBe(1);
      const sketch = s.store.resolveWindow('Sketch').rect;
      const { px, info } = await rgba(shot.data);
      let lit = 0;
      for (let y = sketch?.y ?? 0; y < (sketch?.y ?? 0) + (sketch?.height ?? 0); y++) {
        for (let x = sketch?.x ?? 0; x < (sketch?.x ?? 0) + (sketch?.width ?? 0); x++) {
          const i = (y * info.width + x) * 4;
          if ((px[i] ?? 0) + (px[i + 1] ?? 0) + (px[i + 2] ?? 0) > 0) lit++;
        }
      }
      expect(lit).toBe(0);
      // The editor, not denied, is drawn.
      const editor = await call<Shot>(client, 'screen.capture', { window: 'Editor' });
      expect(editor.blackedOut).toBe(0);
      client.close();
    } finally {
      await s.close();
    }
  });

  it('--no-screenshots refuses capture and OCR with capture_disabled, read-only still captures', async () => {
    const off = await startPixelsServer({ pixels: { enabled: false } });
    const ro = await startPixelsServer({ readOnly: true });
    try {
      const c1 = await RawClient.open(off.url);
      for (const method of ['screen.capture', 'screen.ocr']) {
        const r = await c1.call(method, { window: 'Editor' });
        expect(r.error?.data?.code).toBe('capture_disabled');
      }
      c1.close();
      const c2 = await RawClient.open(ro.url);
      const r = await c2.call('screen.capture', { window: 'Editor', format: 'jpeg' });
      expect(r.error).toBeUndefined();
      c2.close();
    } finally {
      await off.close();
      await ro.close();
    }
  });
});
