/**
 * The toolkit part of the AT-SPI bench: Chromium showing a generated page (form, 400-row table,
 * live region), about 4,500 elements. Measures the initial cache sync against the fastest raw
 * read of the same desktop (an element-by-element walk with per-property Get, parallel under the
 * bus's cap) and the server's memory per cached element (RSS and heap growth over the sync,
 * after GC, with the cache held).
 */
import { loadConfig } from '../../src/config.js';
import { createCache } from '../../src/cache/index.js';
import type { AtspiBackend } from '../../src/backends/atspi/index.js';
import type { DesktopSession } from '../../scripts/desktop/session.js';
import { waitForAppWindow } from '../../test/atspi/harness.js';
import { CHROMIUM, chromiumFixture } from '../../test/fixtures/toolkits/chromiumPage.js';

const RUNS = 3;
const TITLE = 'Bench page';

export interface ToolkitFigures {
  elements: number;
  rawWalkMs: number;
  cacheSyncMs: number;
  syncRatio: number;
  rssBytesPerElement: number;
  heapBytesPerElement: number;
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function waitForPage(backend: AtspiBackend, desktop: DesktopSession, signal: AbortSignal) {
  const page = chromiumFixture({ title: TITLE, rows: 400, liveMs: 1_000 });
  const app = desktop.launch(CHROMIUM, page.args);
  // Chromium can take longer than one window wait on a loaded machine: wait again while alive.
  for (;;) {
    try {
      await waitForAppWindow(backend, app, signal, (w) => w.props.name.startsWith(TITLE));
      return { app, page };
    } catch (err) {
      if (signal.aborted) throw err;
    }
  }
}

export async function measureChromium(
  backend: AtspiBackend,
  desktop: DesktopSession,
  signal: AbortSignal,
): Promise<ToolkitFigures> {
  const { app, page } = await waitForPage(backend, desktop, signal);
  try {
    let elements = 0;
    const walks: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      walks.push(
        await timeIt(async () => {
          elements = (await backend.walk(backend.rootId, { signal })).length;
        }),
      );
    }
    const syncs: number[] = [];
    let rss = 0;
    let heap = 0;
    for (let i = 0; i < RUNS; i++) {
      gc();
      const before = process.memoryUsage();
      const cache = createCache(backend, loadConfig({}).cache);
      syncs.push(await timeIt(() => cache.start(signal)));
      gc();
      const after = process.memoryUsage();
      rss = Math.max(0, after.rss - before.rss);
      heap = Math.max(0, after.heapUsed - before.heapUsed);
      await cache.stop();
    }
    const rawWalkMs = Math.min(...walks);
    const cacheSyncMs = Math.min(...syncs);
    return {
      elements,
      rawWalkMs,
      cacheSyncMs,
      syncRatio: cacheSyncMs / rawWalkMs,
      rssBytesPerElement: rss / Math.max(1, elements),
      heapBytesPerElement: heap / Math.max(1, elements),
    };
  } finally {
    await app.stop();
    page.dispose();
  }
}
