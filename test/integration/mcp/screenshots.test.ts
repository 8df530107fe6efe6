/**
 * Post-action and failure screenshots over MCP (streamable HTTP, the SDK's Client): image
 * blocks by default on failure, the opt-out, and with a screenshot directory a file plus a
 * ui://screenshot/{id} resource.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, type HttpHarness, startHttp, useMcpHttp } from './harness.js';

const EDIT = { target: { automationId: 'editor.text' } };
const MISSING = { target: { automationId: 'no.such.control' } };

interface Block {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
}

async function callTool(client: Client, name: string, args: object) {
  const r = await client.callTool({ name, arguments: args as Record<string, unknown> });
  const content = r.content as Block[];
  return {
    isError: r.isError === true,
    text: content[0]?.text ?? '',
    images: content.filter((c) => c.type === 'image'),
    structured: r.structuredContent as { screenshot?: Record<string, unknown> } | undefined,
  };
}

async function pngSize(data: string | Buffer): Promise<[number, number]> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'base64') : data;
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('png');
  return [meta.width ?? 0, meta.height ?? 0];
}

describe('MCP screenshots as image blocks (default mode: on-failure)', () => {
  const mcp = useMcpHttp({ pixels: { failureCooldownMs: 0 } });

  it('a failed action answers its error with a screenshot image block', async () => {
    const r = await callTool(mcp.client, 'ui_click', MISSING);
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^error element_not_found/);
    expect(r.text).toMatch(/screenshot \d+x\d+ \(image below\)/);
    expect(r.text).not.toContain('"data"');
    expect(r.images).toHaveLength(1);
    expect(r.images[0]?.mimeType).toBe('image/png');
    await pngSize(r.images[0]?.data ?? '');
  });

  it('screenshot: false opts a failure out; a success has none unless asked', async () => {
    const out = await callTool(mcp.client, 'ui_click', { ...MISSING, screenshot: false });
    expect(out.isError).toBe(true);
    expect(out.images).toHaveLength(0);
    const plain = await callTool(mcp.client, 'ui_set_value', { ...EDIT, value: 'a' });
    expect(plain.isError).toBe(false);
    expect(plain.images).toHaveLength(0);
    expect(plain.structured?.screenshot).toBeUndefined();
  });

  it('screenshot: true on a success: an image block, metadata without bytes', async () => {
    const r = await callTool(mcp.client, 'ui_set_value', { ...EDIT, value: 'b', screenshot: true });
    expect(r.isError).toBe(false);
    expect(r.images).toHaveLength(1);
    const shot = r.structured?.screenshot;
    expect(shot).not.toHaveProperty('data');
    expect(await pngSize(r.images[0]?.data ?? '')).toEqual([shot?.width, shot?.height]);
  });
});

describe('MCP screenshots with --screenshot-dir', () => {
  let dir: string;
  let h: HttpHarness;
  let client: Client;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'uistream-shots-'));
    h = await startHttp({ pixels: { screenshotDir: dir, screenshots: 'after-actions' } });
    client = await connectHttp(h.url);
  });
  afterAll(async () => {
    await client.close();
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the file and serves it as a ui://screenshot/{id} resource', async () => {
    const r = await callTool(client, 'ui_set_value', { ...EDIT, value: 'c' });
    expect(r.isError).toBe(false);
    expect(r.images).toHaveLength(0);
    const shot = r.structured?.screenshot as { path: string; uri: string; width: number };
    expect(shot.path.startsWith(dir)).toBe(true);
    expect(shot.uri).toMatch(/^ui:\/\/screenshot\/[0-9a-f]+$/);
    expect(r.text).toContain(shot.path);
    const file = await readFile(shot.path);
    expect((await pngSize(file))[0]).toBe(shot.width);
    const read = await client.readResource({ uri: shot.uri });
    const blob = (read.contents[0] as { blob?: string }).blob ?? '';
    expect(Buffer.from(blob, 'base64').equals(file)).toBe(true);
    const templates = await client.listResourceTemplates();
    const uris = templates.resourceTemplates.map((t) => t.uriTemplate);
    expect(uris).toContain('ui://screenshot/{id}');
  });

  it('an unknown screenshot id is not found', async () => {
    await expect(client.readResource({ uri: 'ui://screenshot/0000' })).rejects.toThrow(
      /not found/i,
    );
  });
});
