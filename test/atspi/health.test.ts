/**
 * What the guard learns is visible to users: with the full server on the fragile fixture app, an
 * app killed by a read leaves its call forbidden on its toolkit, and a hung app is listed as
 * quarantined, each with its reason, in session.hello, /health and the MCP ui_status tool; the
 * quarantine leaves the lists once the app answers again.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { BackendHealth, MethodResult } from '../../protocol/src/index.js';
import type { LaunchedApp } from '../../scripts/desktop/session.js';
import type { BackendEvent } from '../../src/backends/backend.js';
import { createAtspiBackend, type AtspiBackend } from '../../src/backends/atspi/index.js';
import { createCache } from '../../src/cache/index.js';
import type { UiCache } from '../../src/cache/api.js';
import { loadConfig } from '../../src/config.js';
import { createExecutor } from '../../src/executor/index.js';
import type { Executor } from '../../src/executor/api.js';
import { mountMcp, type McpHttpEndpoint } from '../../src/mcp/index.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { callTableMethod } from '../../src/service/dispatch.js';
import { createHandlers, type HandlerTable } from '../../src/service/handlers.js';
import { expectUiError, watchFor } from '../conformance/helpers.js';
import { call, connectHttp } from '../integration/mcp/harness.js';
import { launchAndWait, sharedDesktop, stopSharedDesktop } from './harness.js';
import { AccessPolicy } from '../../src/policy/access.js';

afterAll(stopSharedDesktop);

const FRAGILE = ['--import', 'tsx', new URL('./fragileApp.ts', import.meta.url).pathname];
/** The toolkit name test/atspi/fragileApp.ts reports. */
const FRAGILE_TOOLKIT = 'uistream-fragile-fixture';
const TOKEN = 'atspi-health-token-0123456789abcdef';
/** Short call deadline so a hang is seen quickly; the app stays wedged well past it. */
const CALL_TIMEOUT_MS = 1_500;
const HANG_MS = 5_000;

interface Stack {
  backend: AtspiBackend;
  cache: UiCache;
  executor: Executor;
  handlers: HandlerTable;
  server: RunningServer;
  mcp: McpHttpEndpoint;
  client?: Client;
}

let stack: Stack | undefined;
const apps: LaunchedApp[] = [];
afterEach(async () => {
  const s = stack;
  stack = undefined;
  await s?.client?.close();
  await s?.mcp.close();
  await s?.server.close();
  await s?.executor.stop();
  await s?.cache.stop();
  await s?.backend.stop();
  await Promise.all(apps.splice(0).map((a) => a.stop()));
});

/** Backend, cache, executor and handlers on a loopback server with /mcp, as the app composes them. */
async function startStack(signal: AbortSignal): Promise<Stack> {
  const desktop = await sharedDesktop();
  const structured = { structured: true };
  const config = loadConfig({ port: 0, host: '127.0.0.1', token: TOKEN, mcp: structured });
  const backend = createAtspiBackend({
    env: desktop.env,
    a11yBusAddress: desktop.a11yBusAddress,
    callTimeoutMs: CALL_TIMEOUT_MS,
    log: () => undefined,
  });
  await backend.start(signal);
  const cache = createCache(backend, config.cache);
  const executor = createExecutor({
    backend,
    cache,
    policy: AccessPolicy.open(),
    config: config.executor,
  });
  const handlers = createHandlers({ backend, cache, executor, config });
  const server = await startServer({ config, backend, cache, executor, handlers });
  const mcp = mountMcp(server, { handlers, config, cache });
  stack = { backend, cache, executor, handlers, server, mcp };
  await cache.start(signal);
  return stack;
}

const statusWith =
  (status: string, text: string) =>
  (e: BackendEvent): boolean =>
    e.type === 'status' && e.status === status && (e.reason ?? '').includes(text);

/** The health as session.hello, /health and ui_status each report it; all three must agree. */
async function reportedHealth(s: Stack, signal: AbortSignal): Promise<BackendHealth> {
  const ctx = { clientId: 'health-test', signal };
  const hello = (await callTableMethod(
    s.handlers,
    'session.hello',
    {},
    ctx,
  )) as MethodResult<'session.hello'>;
  const res = await fetch(`${s.server.httpUrl}/health`, { signal });
  const body = (await res.json()) as { status: string; health: BackendHealth };
  s.client ??= await connectHttp(new URL(`${s.server.httpUrl}/mcp`), TOKEN);
  const status = await call(s.client, 'ui_status');
  expect(status.isError).toBe(false);
  // The reconcile's counters move between the three reads; everything else must agree.
  const { repair: _moving, ...health } = hello.health;
  expect(body).toMatchObject({ status: hello.status, health });
  expect(status.structured).toMatchObject({ status: hello.status, health });
  for (const q of hello.health.quarantined) expect(status.text).toContain(q.app);
  for (const f of hello.health.forbidden) expect(status.text).toContain(f.call);
  return hello.health;
}

describe('atspi health in status reports', () => {
  it('lists forbidden calls and quarantined apps with their reasons until the app answers', async () => {
    const signal = AbortSignal.timeout(40_000);
    const s = await startStack(signal);
    const desktop = await sharedDesktop();
    const killed = watchFor(s.backend, 'status', statusWith('ok', 'exited during'), 15_000);
    const victim = desktop.launch(process.execPath, [
      ...FRAGILE,
      ...['--title', 'Victim', '--exit-on', 'Component.GetExtents'],
    ]);
    apps.push(victim);
    // The cache reads the new window's extents: the app dies on that call.
    await killed;
    expect(await victim.exited).toBe(139);
    const sleepy = await launchAndWait(
      desktop,
      s.backend,
      process.execPath,
      [...FRAGILE, '--title', 'Sleepy', '--hang-ms', String(HANG_MS)],
      signal,
    );
    apps.push(sleepy.app);
    const busName = sleepy.window.id.slice(0, sleepy.window.id.indexOf(':/'));
    const hung = watchFor(s.backend, 'status', statusWith('degraded', 'not responding'), 10_000);
    const recovered = watchFor(s.backend, 'status', statusWith('ok', 'answers again'), 30_000);
    process.kill(sleepy.app.pid, 'SIGUSR1');
    await expectUiError(s.backend.fetchSubtree(sleepy.window.id, { signal }), [
      'app_not_responding',
    ]);
    await hung;

    const forbidden = {
      toolkit: expect.stringContaining(FRAGILE_TOOLKIT) as unknown,
      call: 'Component.GetExtents',
      reason: expect.stringMatching(/exited during Component\.GetExtents/) as unknown,
    };
    const held = await reportedHealth(s, signal);
    expect(s.cache.status).toBe('degraded');
    expect(held.reason).toMatch(/not responding/);
    // A first call the wedged app got alone may be learned too (the guard cannot tell a
    // SIGUSR1 wedge from a call that hangs); the kill is what must be listed.
    expect(held.forbidden).toEqual(expect.arrayContaining([forbidden]));
    expect(held.quarantined).toEqual([
      {
        app: busName,
        toolkit: expect.stringContaining(FRAGILE_TOOLKIT) as unknown,
        reason: expect.stringMatching(/got no reply/) as unknown,
      },
    ]);

    await recovered;
    const after = await reportedHealth(s, signal);
    expect(s.cache.status).toBe('ok');
    expect(after.quarantined).toEqual([]);
    expect(after.forbidden).toEqual(held.forbidden);
  });
});
