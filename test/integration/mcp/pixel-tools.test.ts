/** The pixel tools over streamable HTTP with the SDK's Client: image blocks, marks, errors. */
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { call, connectHttp, ok, startHttp, useMcpHttp } from './harness.js';

const mcp = useMcpHttp();

it('ui_screenshot answers an image block, within the token budget, with the marks legend', async () => {
  const r = await mcp.client.callTool({
    name: 'ui_screenshot',
    arguments: { window: 'Editor', marks: true },
  });
  const content = r.content as { type: string; text?: string; data?: string; mimeType?: string }[];
  const image = content.find((c) => c.type === 'image');
  expect(image?.mimeType).toBe('image/png');
  const meta = await sharp(Buffer.from(image?.data ?? '', 'base64')).metadata();
  const structured = r.structuredContent as {
    width: number;
    height: number;
    marks: { ref: string }[];
  };
  expect([meta.width, meta.height]).toEqual([structured.width, structured.height]);
  expect((structured.width * structured.height) / 750).toBeLessThanOrEqual(640);
  expect(structured).not.toHaveProperty('data');
  const text = content[0]?.text ?? '';
  for (const m of structured.marks) expect(text).toContain(` ${m.ref} `);
});

it('ui_screenshot scales the whole desktop to the screen budget and a window to its own', async () => {
  const desktop = await ok(mcp.client, 'ui_screenshot', {});
  const size = (text: string): number[] => (/^(\d+)x(\d+) /.exec(text) ?? []).slice(1).map(Number);
  const [dw = 0, dh = 0] = size(desktop.text);
  expect((dw * dh) / 750).toBeLessThanOrEqual(1_600);
  expect((dw * dh) / 750).toBeGreaterThan(1_500);
  const small = await ok(mcp.client, 'ui_screenshot', { maxImageTokens: 100 });
  const [sw = 0, sh = 0] = size(small.text);
  expect((sw * sh) / 750).toBeLessThanOrEqual(100);
  expect(sw / sh).toBeCloseTo(dw / dh, 1);
});

it('ui_status lists the OCR languages; bad input gets typed errors', async () => {
  const status = await ok(mcp.client, 'ui_status');
  expect(status.structured?.ocr).toEqual({ enabled: true, languages: ['eng'] });
  const lang = await call(mcp.client, 'ui_ocr', { window: 'Editor', language: 'klingon' });
  expect(lang.isError).toBe(true);
  expect(lang.text).toMatch(/^error language_not_supported/);
  const region = await call(mcp.client, 'ui_screenshot', {
    rect: { x: -500, y: -500, width: 10, height: 10 },
  });
  expect(region.text).toMatch(/^error invalid_region/);
  const none = await call(mcp.client, 'ui_ocr', { automationId: 'no.such.element' });
  expect(none.text).toMatch(/^error element_not_found/);
});

it('ui_ocr reads one element found by its locator', async () => {
  const save = await ok(mcp.client, 'ui_ocr', { automationId: 'editor.save' });
  expect(save.structured?.text).toMatch(/Save/);
  const both = await call(mcp.client, 'ui_ocr', { controlType: 'Button' });
  expect(both.text).toMatch(/^error multiple_matches/);
});

it('--no-screenshots refuses the pixel tools with capture_disabled', async () => {
  const off = await startHttp({ pixels: { enabled: false } });
  const c = await connectHttp(off.url);
  try {
    const r = await call(c, 'ui_screenshot', { window: 'Editor' });
    expect(r.text).toMatch(/^error capture_disabled/);
  } finally {
    await c.close();
    await off.close();
  }
});
