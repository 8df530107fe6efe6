/**
 * The atspi backend when things go away: an app killed mid-walk or before an action, and the
 * accessibility bus connection cut (through a socket proxy in front of the real bus) — typed
 * errors, never a hang; degraded, reconnect, reset and ok for the bus.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filter, firstValueFrom, mergeMap, timeout, toArray, takeWhile } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import type { BackendEvent } from '../../src/backends/backend.js';
import { atspiAvailable, createAtspiBackend } from '../../src/backends/atspi/index.js';
import { isUiError } from '../../src/errors.js';
import { watchFor } from '../conformance/helpers.js';
import { launchAndWait, sharedDesktop, startBackend, stopSharedDesktop } from './harness.js';

afterAll(stopSharedDesktop);

const SETTLE_DEADLINE_MS = 10_000;

/** Settle a promise under a deadline: its value, or the error it rejected with. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('did not settle: hang')), SETTLE_DEADLINE_MS);
  });
  try {
    return { value: await Promise.race([promise, deadline]) };
  } catch (error) {
    if (error instanceof Error && error.message === 'did not settle: hang') throw error;
    return { error };
  } finally {
    clearTimeout(timer);
  }
}

/** A unix-socket proxy in front of the accessibility bus whose connections can be cut. */
function busProxy(target: string): { address: string; cut(): void; close(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'uistream-proxy-'));
  const path = join(dir, 'bus');
  const targetPath = /unix:path=([^,]+)/.exec(target)?.[1];
  if (targetPath === undefined) throw new Error(`not a unix path address: ${target}`);
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(targetPath);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(path);
  return {
    address: `unix:path=${path}`,
    cut: () => {
      for (const s of open) s.destroy();
    },
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('atspi robustness', () => {
  it('an app killed mid-walk gives a consistent result or element_stale, never a hang', async () => {
    const signal = AbortSignal.timeout(30_000);
    const desktop = await sharedDesktop();
    const backend = await startBackend(desktop, signal);
    try {
      const rows = Array.from({ length: 1_500 }, (_, i) => `row ${i}`);
      const { app, window } = await launchAndWait(
        desktop,
        backend,
        'zenity',
        ['--list', '--column', 'n', ...rows],
        signal,
      );
      const cell = (await backend.fetchSubtree(window.id, { signal })).find(
        (n) => n.props.name === 'row 7',
      );
      const walking = settle(backend.walk(window.id, { signal }));
      await app.stop();
      const outcome = await walking;
      if (outcome.error !== undefined) {
        expect(isUiError(outcome.error) && outcome.error.code).toBe('element_stale');
      } else {
        expect(outcome.value?.[0]?.id).toBe(window.id);
      }
      const acting = await settle(
        backend.performPattern(
          cell?.id ?? '',
          { pattern: 'SelectionItem', op: 'select' },
          { signal },
        ),
      );
      expect(isUiError(acting.error) && acting.error.code).toBe('element_stale');
      const root = await backend.fetchSubtree(backend.rootId, { signal, maxDepth: 1 });
      expect(root.map((n) => n.id)).not.toContain(window.id);
    } finally {
      await backend.stop();
    }
  });

  it('an app that exits reports its window closed', async () => {
    const signal = AbortSignal.timeout(20_000);
    const desktop = await sharedDesktop();
    const backend = await startBackend(desktop, signal);
    try {
      const { app, window } = await launchAndWait(
        desktop,
        backend,
        'zenity',
        ['--info', '--text', 'bye'],
        signal,
      );
      const closed = watchFor(
        backend,
        'window.closed',
        (e) => e.type === 'window.closed' && e.id === window.id,
      );
      await app.stop();
      await closed;
    } finally {
      await backend.stop();
    }
  });

  it('a cut bus connection gives degraded, then a reconnect with reset and ok', async () => {
    const signal = AbortSignal.timeout(30_000);
    const desktop = await sharedDesktop();
    const proxy = busProxy(desktop.a11yBusAddress);
    const backend = createAtspiBackend({ env: desktop.env, a11yBusAddress: proxy.address });
    try {
      await backend.start(signal);
      const { app, window } = await launchAndWait(
        desktop,
        backend,
        'zenity',
        ['--info', '--text', 'x'],
        signal,
      );
      const sequence = firstValueFrom(
        backend.events$.pipe(
          mergeMap((batch) => batch),
          filter((e) => e.type === 'status' || e.type === 'reset'),
          takeWhile((e: BackendEvent) => !(e.type === 'status' && e.status === 'ok'), true),
          toArray(),
          timeout(SETTLE_DEADLINE_MS),
        ),
      );
      proxy.cut();
      const events = await sequence;
      expect(events.map((e) => (e.type === 'status' ? e.status : e.type))).toEqual([
        'degraded',
        'reset',
        'ok',
      ]);
      const root = await backend.fetchSubtree(backend.rootId, { signal, maxDepth: 1 });
      expect(root.map((n) => n.id)).toContain(window.id);
      await app.stop();
    } finally {
      await backend.stop();
      await proxy.close();
    }
  });

  it('reports whether an accessibility bus is reachable', async () => {
    const desktop = await sharedDesktop();
    expect(await atspiAvailable(desktop.env)).toBe(true);
    expect(await atspiAvailable({ PATH: process.env.PATH })).toBe(false);
    const gone = join(tmpdir(), 'uistream-no-such-bus', 'bus');
    expect(await atspiAvailable({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${gone}` })).toBe(false);
  });
});
