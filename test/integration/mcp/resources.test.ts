/** Resources, subscriptions and completion over HTTP; the read-only tool listing. */
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, connectHttp, ok, startHttp, useMcpHttp } from './harness.js';

const mcp = useMcpHttp();
let editorUri: string;
beforeAll(async () => {
  const windows = await ok(mcp.client, 'ui_list_windows');
  const editor = (windows.structured?.windows as { ref: string; title: string }[]).find((w) =>
    w.title.endsWith('- Editor'),
  );
  editorUri = `ui://window/${editor?.ref ?? 'missing'}`;
});

describe('resources', () => {
  it('lists the window list and one resource per window', async () => {
    const { resources } = await mcp.client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris[0]).toBe('ui://windows');
    expect(uris).toContain(editorUri);
    expect(uris.length).toBe(5);
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['ui://window/{ref}']);
  });

  const textOf = (c: object | undefined): string =>
    c !== undefined && 'text' in c && typeof c.text === 'string' ? c.text : '';

  it('reads the window list and a window snapshot', async () => {
    const list = await mcp.client.readResource({ uri: 'ui://windows' });
    expect(list.contents[0]).toMatchObject({ uri: 'ui://windows', mimeType: 'text/plain' });
    expect(textOf(list.contents[0])).toContain('"Settings"');
    const win = await mcp.client.readResource({ uri: editorUri });
    expect(textOf(win.contents[0])).toMatch(/^- window ".* - Editor" \[ref=e\d+\]/);
  });

  it('answers an unknown resource with a not-found error', async () => {
    await expect(mcp.client.readResource({ uri: 'ui://window/w999' })).rejects.toThrow();
    await expect(mcp.client.readResource({ uri: 'file:///etc/hostname' })).rejects.toThrow(
      /Resource not found/,
    );
  });

  it('completes the window ref of the template', async () => {
    const r = await mcp.client.complete({
      ref: { type: 'ref/resource', uri: 'ui://window/{ref}' },
      argument: { name: 'ref', value: 'w' },
    });
    expect(r.completion.values).toContain(editorUri.slice('ui://window/'.length));
  });

  it('notifies a subscriber when the window changes', async () => {
    const updated = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no update within 10 s')), 10_000);
      mcp.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        clearTimeout(timer);
        resolve(n.params.uri);
      });
    });
    await mcp.client.subscribeResource({ uri: editorUri });
    await ok(mcp.client, 'ui_type', { target: { automationId: 'editor.text' }, text: 'changed' });
    await expect(updated).resolves.toBe(editorUri);
    await mcp.client.unsubscribeResource({ uri: editorUri });
  });
});

describe('read-only mode', () => {
  it('lists acting tools marked, and answers them with a read_only tool error', async () => {
    const ro = await startHttp({ readOnly: true });
    try {
      const c = await connectHttp(ro.url);
      const tools = (await c.listTools()).tools;
      const names = tools.map((t) => t.name);
      expect(names).toContain('ui_snapshot');
      expect(names).toContain('ui_wait_for');
      expect(tools.find((t) => t.name === 'ui_click')?.description).toMatch(/read-only/);
      for (const [name, args] of [
        ['ui_click', { target: { name: 'Save' } }],
        ['ui_batch', { steps: [{ tool: 'ui_press_keys', args: { keys: 'Ctrl+S' } }] }],
      ] as const) {
        const r = await call(c, name, args);
        expect(r.isError, name).toBe(true);
        expect(r.text, name).toMatch(/^error read_only: /);
      }
      const read = await call(c, 'ui_list_windows');
      expect(read.isError).toBe(false);
      await c.close();
    } finally {
      await ro.close();
    }
  });
});
