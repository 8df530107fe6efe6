/** Freshness on reads: every answer says how old and how healthy; `fresh: true` re-reads first. */
import { afterEach, describe, expect, it } from 'vitest';
import type { MethodParams } from '../../../protocol/src/index.js';
import { createCache, type CacheStore } from '../../../src/cache/index.js';
import { loadConfig } from '../../../src/config.js';
import { isUiError } from '../../../src/errors.js';
import { freshRead } from '../../../src/service/fresh-reads.js';
import { props, smallDesktop, type FakeBackend } from '../cache/fake-backend.js';

const caches: CacheStore[] = [];
afterEach(async () => {
  for (const c of caches.splice(0)) await c.stop();
});

async function started(b: FakeBackend, freshTimeoutMs = 3_000): Promise<CacheStore> {
  const config = loadConfig({ cache: { coalesceMs: 5, reconcileMs: 0, freshTimeoutMs } }).cache;
  const c = createCache(b, config);
  caches.push(c);
  await c.start(AbortSignal.timeout(5_000));
  return c;
}

const ctx = { signal: AbortSignal.timeout(10_000) };
type ListParams = MethodParams<'windows.list'>;
type GetParams = MethodParams<'elements.get'>;

describe('fresh reads', () => {
  it('lists a window no event announced only when asked for fresh data', async () => {
    const b = smallDesktop();
    const c = await started(b);
    const list = freshRead(c, 'windows.list', (p: ListParams) => c.windowsList(p));
    b.add('root', 'w3', props('Window', 'Silent', { app: 'quiet', pid: 300 }));
    const cached = await list({ includeMinimized: true }, ctx);
    expect(cached.windows.map((w) => w.title)).not.toContain('Silent');
    expect(cached.freshness).toMatchObject({ status: 'ok' });
    const fresh = await list({ includeMinimized: true, fresh: true }, ctx);
    expect(fresh.windows.map((w) => w.title)).toContain('Silent');
  });

  it('re-reads the window of an element before answering its get', async () => {
    const b = smallDesktop();
    const c = await started(b);
    const get = freshRead(c, 'elements.get', (p: GetParams) => c.get(p));
    const ref = c.state.byId.get('btn7')?.ref as string;
    b.set('btn7', { name: 'seven' });
    expect((await get({ ref }, ctx)).element.name).toBe('7');
    const fresh = await get({ ref, fresh: true }, ctx);
    expect(fresh.element.name).toBe('seven');
    expect(b.calls.at(-1)).toEqual({ id: 'w2', maxDepth: undefined });
  });

  it('says degraded, with the reason, on every read while the backend is', async () => {
    const b = smallDesktop();
    const c = await started(b);
    const list = freshRead(c, 'windows.list', (p: ListParams) => c.windowsList(p));
    b.emit({ type: 'status', status: 'degraded', reason: 'the bus closed' });
    const r = await list({ includeMinimized: true }, ctx);
    expect(r.windows).toHaveLength(2);
    expect(r.freshness).toMatchObject({ status: 'degraded', reason: 'the bus closed' });
  });

  it('refuses old data to a fresh read whose re-read does not land in time', async () => {
    const b = smallDesktop();
    const c = await started(b, 100);
    const get = freshRead(c, 'elements.get', (p: GetParams) => c.get(p));
    const ref = c.state.byId.get('btn7')?.ref as string;
    b.hold = new Promise(() => undefined);
    const failure = await get({ ref, fresh: true }, ctx).catch((err: unknown) => err);
    expect(isUiError(failure) ? failure.code : failure).toMatch(/^(timeout|backend_unavailable)$/);
  });
});
