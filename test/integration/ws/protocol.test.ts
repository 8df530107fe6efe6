/** The JSON-RPC protocol over real sockets: reads, actions, encodings and every bad input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodResult } from '../../../protocol/src/index.js';
import { RawClient, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ws: { maxPayloadBytes: 4096, maxInFlight: 64 } });
});
afterAll(async () => {
  await t.close();
});

describe.each(['json', 'msgpack'] as const)('over %s', (encoding) => {
  it('answers session.hello with versions, backend and limits', async () => {
    const c = await RawClient.open(t.url, { encoding });
    const reply = await c.call('session.hello', { client: 'test' });
    const hello = reply.result as MethodResult<'session.hello'>;
    expect(hello.server).toBe('uistream');
    expect(hello.backend).toBe('sim');
    expect(hello.status).toBe('ok');
    expect(hello.limits.maxPayloadBytes).toBe(4096);
    expect(hello.limits.maxInFlight).toBe(64);
    expect(hello.capabilities.events).toContain('focus');
    expect(hello.capabilities.readOnly).toBe(false);
    c.close();
  });

  it('serves reads from the cache', async () => {
    const c = await RawClient.open(t.url, { encoding });
    const list = (await c.call('windows.list')).result as MethodResult<'windows.list'>;
    const titles = list.windows.map((w) => w.title);
    expect(titles.some((title) => title.includes('Editor'))).toBe(true);
    const found = (await c.call('elements.find', { automationId: 'editor.save' }))
      .result as MethodResult<'elements.find'>;
    expect(found.elements).toHaveLength(1);
    expect(found.elements[0]?.name).toBe('Save');
    const el = (await c.call('elements.get', { ref: found.elements[0]?.ref }))
      .result as MethodResult<'elements.get'>;
    expect(el.element.controlType).toBe('Button');
    c.close();
  });
});

describe('actions', () => {
  it('runs actions through the executor and reports what they opened and closed', async () => {
    const c = await RawClient.open(t.url);
    const expand = await c.call('actions.invoke', {
      target: { automationId: 'editor.menu.help' },
      pattern: 'ExpandCollapse',
      op: 'expand',
    });
    expect(expand.error).toBeUndefined();
    const about = await c.call('actions.click', {
      target: { name: 'About', controlType: 'MenuItem' },
    });
    const opened = about.result as MethodResult<'actions.click'>;
    expect(opened.changes.opened.map((w) => w.title)).toContain('About Editor');
    const ok = await c.call('actions.click', { target: { automationId: 'about.ok' } });
    const closed = ok.result as MethodResult<'actions.click'>;
    expect(closed.changes.closed.map((w) => w.title)).toContain('About Editor');
    c.close();
  });
});

describe('cancel', () => {
  it('actions.cancel cancels this connection’s pending wait', async () => {
    const c = await RawClient.open(t.url);
    const wait = c.call('actions.waitFor', {
      condition: 'windowOpened',
      title: 'Never',
      timeoutMs: 60_000,
    });
    // The wait is registered once the executor saw it; a read on the same connection after it
    // is answered first only if the wait is truly pending.
    await c.call('session.hello');
    const cancel = await c.call('actions.cancel');
    expect((cancel.result as { cancelled: number }).cancelled).toBeGreaterThanOrEqual(1);
    const reply = await wait;
    expect(reply.error?.data?.code).toBe('cancelled');
    c.close();
  });

  it('closing a connection cancels its actions', async () => {
    const c = await RawClient.open(t.url);
    // Other connections of this file close too; wait for the call that cancelled something.
    const cancelled = new Promise<number>((resolve) => {
      const original = t.executor.cancel.bind(t.executor);
      t.executor.cancel = (clientId: string) => {
        const n = original(clientId);
        if (n > 0) {
          t.executor.cancel = original;
          resolve(n);
        }
        return n;
      };
    });
    void c.call('actions.waitFor', {
      condition: 'windowOpened',
      title: 'Never',
      timeoutMs: 60_000,
    });
    await c.call('session.hello');
    c.close();
    expect(await cancelled).toBeGreaterThanOrEqual(1);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a parse error and carries on', async () => {
    const c = await RawClient.open(t.url);
    c.sendRaw('{"jsonrpc": "2.0", "id": 1, "method": ');
    const err = (await c.next((m) => (m as { error?: unknown }).error !== undefined)) as {
      id: null;
      error: { code: number; data: { code: string } };
    };
    expect(err.id).toBeNull();
    expect(err.error.code).toBe(-32700);
    expect(err.error.data.code).toBe('invalid_params');
    expect((await c.call('session.hello')).result).toBeDefined();
    c.close();
  });

  it('answers malformed MessagePack with a parse error', async () => {
    const c = await RawClient.open(t.url, { encoding: 'msgpack' });
    c.sendRaw(new Uint8Array([0xc1, 0xff, 0x00]));
    const err = (await c.next((m) => (m as { error?: unknown }).error !== undefined)) as {
      error: { code: number };
    };
    expect(err.error.code).toBe(-32700);
    expect((await c.call('session.hello')).result).toBeDefined();
    c.close();
  });

  it('rejects a non-request and a batch as invalid requests', async () => {
    const c = await RawClient.open(t.url);
    c.sendRaw(JSON.stringify({ jsonrpc: '1.0', id: 7, method: 'x' }));
    const first = (await c.next((m) => (m as { id?: unknown }).id === 7)) as {
      error: { code: number };
    };
    expect(first.error.code).toBe(-32600);
    c.sendRaw(JSON.stringify([{ jsonrpc: '2.0', id: 8, method: 'session.hello' }]));
    const batch = (await c.next(
      (m) => (m as { error?: { message?: string } }).error?.message?.includes('batch') === true,
    )) as { error: { code: number } };
    expect(batch.error.code).toBe(-32600);
    c.close();
  });

  it('answers an unknown method with -32601 and our code', async () => {
    const c = await RawClient.open(t.url);
    const reply = await c.call('nope.nothing', {});
    expect(reply.error?.code).toBe(-32601);
    expect(reply.error?.data?.code).toBe('not_supported');
    c.close();
  });

  it('answers wrong params with invalid_params and the zod issues', async () => {
    const c = await RawClient.open(t.url);
    const reply = await c.call('elements.find', { maxResults: 'many' });
    expect(reply.error?.code).toBe(-32602);
    expect(reply.error?.data?.code).toBe('invalid_params');
    const issues = reply.error?.data?.details?.issues as { path: string }[];
    expect(issues.map((i) => i.path)).toContain('maxResults');
    c.close();
  });

  it('maps domain failures to typed errors without local details', async () => {
    const c = await RawClient.open(t.url);
    const reply = await c.call('elements.get', { ref: 'e999999' });
    expect(reply.error?.code).toBe(-32000);
    expect(reply.error?.data?.code).toBe('element_not_found');
    expect(JSON.stringify(reply.error)).not.toMatch(/at .*\.ts/);
    c.close();
  });

  it('closes an oversized frame with 1009 and keeps serving others', async () => {
    const big = await RawClient.open(t.url);
    const closed = big.closed();
    big.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x', params: 'y'.repeat(8000) }));
    expect((await closed).code).toBe(1009);
    const other = await RawClient.open(t.url);
    expect((await other.call('session.hello')).result).toBeDefined();
    other.close();
  });

  it('closes invalid UTF-8 text with 1007', async () => {
    const c = await RawClient.open(t.url);
    const closed = c.closed();
    // A text frame whose bytes are not UTF-8: send raw bytes flagged as text.
    c.socket.send(Buffer.from([0xff, 0xfe, 0xfd]), { binary: false });
    expect((await closed).code).toBe(1007);
  });
});
