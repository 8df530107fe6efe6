/**
 * The executor and the live cache on Chromium showing the generated page (a 150-row table in a
 * 200 px scrolling region, a button that adds check boxes at once): a row far down the table is
 * scrolled into view through Component.ScrollTo, and a group whose children-changed events were
 * dropped on the way to the cache is reconciled from the events about its new children.
 */
import { filter, firstValueFrom, map, timeout } from 'rxjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ElementNode } from '../../../protocol/src/index.js';
import type { LaunchedApp } from '../../../scripts/desktop/session.js';
import type { AccessibilityBackend, BackendEvent } from '../../../src/backends/backend.js';
import type { AtspiBackend } from '../../../src/backends/atspi/index.js';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { createCache } from '../../../src/cache/index.js';
import type { CacheStore } from '../../../src/cache/store.js';
import { loadConfig } from '../../../src/config.js';
import type { Executor } from '../../../src/executor/api.js';
import { createExecutor } from '../../../src/executor/index.js';
import { CHROMIUM, chromiumFixture } from '../../fixtures/toolkits/chromiumPage.js';
import {
  launchAndWait,
  sharedDesktop,
  startBackend,
  stopSharedDesktop,
} from '../../atspi/harness.js';
import { parse } from './desktop.js';
import { AccessPolicy } from '../../../src/policy/access.js';

const SETUP_MS = 120_000;
const DEADLINE_MS = 30_000;
const BOXES = 20;
/** Rows of the table: 150 rows of 22 px put the last ones 3,000 px below a 200 px region. */
const ROWS = 150;
const FAR_ROW = 'Item 140';
const page = chromiumFixture({ title: 'Chromium executor', rows: ROWS, liveMs: 0, burst: BOXES });
const ctx = { clientId: 'atspi-chromium-spec', signal: new AbortController().signal };

let backend: AtspiBackend | undefined;
let cache: CacheStore | undefined;
let executor: Executor | undefined;
let app: LaunchedApp | undefined;
/** While set, structure events below the desktop never reach the cache. */
let dropStructure = false;
let dropped = 0;

/** The backend as the cache sees it: its event stream loses structure events on demand. */
function dropping(inner: AtspiBackend): AccessibilityBackend {
  const keep = (e: BackendEvent): boolean => {
    const lost = dropStructure && e.type === 'structure' && e.id !== inner.rootId;
    if (lost) dropped++;
    return !lost;
  };
  const events$ = inner.events$.pipe(map((batch) => batch.filter(keep)));
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'events$') return events$;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

afterAll(async () => {
  await executor?.stop();
  await cache?.stop();
  await backend?.stop();
  await app?.stop();
  await stopSharedDesktop();
  page.dispose();
});

/** The one cached element named `name` that satisfies `pick`, once the cache holds it. */
async function cached(name: string, pick: (n: ElementNode) => boolean): Promise<ElementNode> {
  const c = cache!;
  const query = { name, nameMatch: 'equals', caseSensitive: true, maxResults: 50 } as const;
  const look = (): ElementNode | undefined => c.find(query).elements.find(pick);
  const now = look();
  if (now !== undefined) return now;
  return firstValueFrom(
    c.patches$.pipe(
      map(look),
      filter((n): n is ElementNode => n !== undefined),
      timeout(DEADLINE_MS),
    ),
  );
}

beforeAll(async () => {
  const signal = AbortSignal.timeout(SETUP_MS);
  const desktop = await sharedDesktop();
  backend = await startBackend(desktop, signal);
  ({ app } = await launchAndWait(desktop, backend, CHROMIUM, page.args, signal));
  // A re-read of the whole page takes seconds on the loaded shared machine.
  const config = loadConfig({ cache: { fetchTimeoutMs: 60_000 } });
  cache = createCache(dropping(backend), config.cache);
  await cache.start(signal);
  executor = createExecutor({
    backend,
    cache,
    policy: AccessPolicy.open(),
    config: config.executor,
  });
}, SETUP_MS + 5_000);

function intersects(a: ElementNode['rect'], b: ElementNode['rect']): boolean {
  if (a === null || b === null) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

it('scrolls a row far down the table into view through Component.ScrollTo', async () => {
  const cell = await cached(FAR_ROW, (n) => n.patterns.includes('ScrollItem'));
  expect(cell.states).toContain('offscreen');
  const result = await executor!.run(
    'actions.scrollIntoView',
    parse('actions.scrollIntoView', { target: { ref: cell.ref } }),
    ctx,
  );
  expect(result.element?.ref).toBe(cell.ref);
  const shown = cache!.node(cell.ref);
  expect(shown?.states).not.toContain('offscreen');
  const win = cache!
    .windowsList({ includeMinimized: false })
    .windows.find((w) => w.ref === cell.window);
  expect(intersects(shown?.rect ?? null, win?.rect ?? null)).toBe(true);
  // The platform agrees, read afresh.
  const id = cache!.backendId(cell.ref)!;
  const [fresh] = await backend!.fetchSubtree(id, { signal: AbortSignal.timeout(DEADLINE_MS) });
  expect(fresh?.props.states).not.toContain('offscreen');
}, 60_000);

it('re-reads a group whose children-changed events were dropped during a fast update', async () => {
  const signal = AbortSignal.timeout(DEADLINE_MS * 2);
  const button = await cached('Add boxes', (n) => n.controlType === 'Button');
  const group = await cached('Boxes', () => true);
  const groupId = cache!.backendId(group.ref)!;
  const childrenOf = (): number | undefined => cache!.state.byId.get(groupId)?.children.length;
  expect(childrenOf()).toBe(0);
  dropStructure = true;
  try {
    await backend!.performPattern(cache!.backendId(button.ref)!, { pattern: 'Invoke' }, { signal });
    let diffs: unknown[] = ['not compared yet'];
    let checked = 0;
    while (diffs.length > 0 || checked < BOXES) {
      const truth = await backend!.walk(groupId, { signal });
      checked = truth.filter((n) => n.props.states.includes('checked')).length;
      diffs = compareWithTruth(cache!.state, truth);
      if (diffs.length === 0 && checked === BOXES) break;
      // The next change to the cache (or the page's) is what may end the difference.
      await firstValueFrom(cache!.patches$.pipe(timeout(5_000))).catch(() => undefined);
      if (signal.aborted) break;
    }
    expect(dropped).toBeGreaterThan(0);
    expect({ diffs, checked }).toEqual({ diffs: [], checked: BOXES });
    expect(childrenOf()).toBe(BOXES);
  } finally {
    dropStructure = false;
  }
}, 90_000);
