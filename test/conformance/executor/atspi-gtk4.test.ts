/**
 * The executor on GTK 4 (Debian's gtk4-widget-factory, GTK 4.8): targeted click, invoke and type
 * by ref, each checked by its effect in the app (a fresh read, not the cache's word). GTK 4.8
 * reports SENSITIVE without ENABLED and no SHOWING; read by the default rules every one of these
 * answered `action_failed: ... is disabled`.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LaunchedApp } from '../../../scripts/desktop/session.js';
import type { AtspiBackend } from '../../../src/backends/atspi/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import { createCache } from '../../../src/cache/index.js';
import { loadConfig } from '../../../src/config.js';
import type { ElementNode } from '../../../protocol/src/index.js';
import type { Executor } from '../../../src/executor/api.js';
import { createExecutor } from '../../../src/executor/index.js';
import {
  launchAndWait,
  sharedDesktop,
  startBackend,
  stopSharedDesktop,
} from '../../atspi/harness.js';
import { parse } from './desktop.js';
import { AccessPolicy } from '../../../src/policy/access.js';
import { untilCache } from '../../../scripts/harness/cacheWait.js';

afterAll(stopSharedDesktop);

const SETUP_MS = 60_000;
const STATE_DEADLINE_MS = 10_000;
const READ_DEADLINE_MS = 5_000;
const TITLE = 'GTK Widget Factory';

let backend: AtspiBackend;
let cache: UiCache;
let executor: Executor;
let app: LaunchedApp;
const ctx = { clientId: 'gtk4', signal: new AbortController().signal };

beforeEach(async () => {
  const signal = AbortSignal.timeout(SETUP_MS);
  const desktop = await sharedDesktop();
  backend = await startBackend(desktop, signal);
  ({ app } = await launchAndWait(desktop, backend, 'gtk4-widget-factory', [], signal));
  const config = loadConfig({});
  cache = createCache(backend, config.cache);
  await cache.start(signal);
  executor = createExecutor({
    backend,
    cache,
    policy: AccessPolicy.open(),
    config: config.executor,
  });
}, SETUP_MS + 5_000);

afterEach(async () => {
  await executor.stop();
  await cache.stop();
  await backend.stop();
  await app.stop();
});

/** Resolve with the first value `probe` yields, checked now and on every patch batch. */
const until = <T>(probe: () => T | undefined): Promise<T> =>
  untilCache(cache, probe, STATE_DEADLINE_MS);

function find(pick: (n: ElementNode) => boolean, query: Partial<{ name: string }> = {}) {
  const found = cache
    .find({
      ...query,
      window: TITLE,
      nameMatch: 'equals',
      caseSensitive: true,
      maxResults: 1_000,
    })
    .elements.filter(pick);
  if (found[0] === undefined) throw new Error(`no such element in ${TITLE}`);
  return found[0];
}

const usable = (n: ElementNode): boolean =>
  n.states.includes('enabled') && !n.states.includes('offscreen');

/** The element as the app has it now (one fresh read). */
async function fresh(ref: string) {
  const id = cache.backendId(ref);
  if (id === undefined) throw new Error(`${ref} has no backend id`);
  const [node] = await backend.fetchSubtree(id, {
    signal: AbortSignal.timeout(READ_DEADLINE_MS),
    maxDepth: 0,
  });
  return node!.props;
}

const appWindows = (): string[] =>
  cache
    .windowsList({ includeMinimized: true })
    .windows.filter((w) => w.pid === app.pid)
    .map((w) => w.ref);

describe('executor on GTK 4 (gtk4-widget-factory)', () => {
  it('reads controls as enabled and on screen, and a hidden stack page off screen', () => {
    const tab = find((n) => n.controlType === 'TabItem', { name: 'Page _1' });
    expect(tab.states).toContain('enabled');
    expect(tab.states).not.toContain('offscreen');
    // The GtkStackPage level is in the tree, as GetChildAtIndex and Parent have it.
    const pages = cache.find({
      name: 'Page _',
      controlType: 'Group',
      window: TITLE,
      nameMatch: 'contains',
      caseSensitive: true,
      maxResults: 10,
    }).elements;
    expect(pages.map((p) => p.name)).toEqual(['Page _1', 'Page _2', 'Page _3']);
    const contentOf = (page: ElementNode): ElementNode =>
      find((n) => n.parent === page.ref && n.rect !== null);
    expect(contentOf(pages[0]!).states).not.toContain('offscreen');
    expect(contentOf(pages[1]!).states).toContain('offscreen');
  });

  it('clicks a button by ref: its dialog opens', async () => {
    const before = appWindows();
    const fontButton = find((n) => n.name === 'GtkFontButton');
    const button = find((n) => n.controlType === 'Button' && n.parent === fontButton.ref);
    const result = await executor.run(
      'actions.click',
      parse('actions.click', { target: { ref: button.ref } }),
      ctx,
    );
    expect(result.element?.ref).toBe(button.ref);
    const opened = await until(() => appWindows().find((w) => !before.includes(w)));
    expect(opened).toBeDefined();
  });

  it('invokes a stack switcher tab by ref: the app shows that page', async () => {
    const tab = find((n) => n.controlType === 'TabItem' && usable(n), { name: 'Page _2' });
    expect((await fresh(tab.ref)).states).not.toContain('selected');
    const result = await executor.run(
      'actions.invoke',
      parse('actions.invoke', { target: { ref: tab.ref }, pattern: 'Invoke' }),
      ctx,
    );
    expect(result.method).toBe('pattern');
    // The app switches pages in its own time after DoAction: wait for its event, then read.
    await until(() => (cache.node(tab.ref)?.states.includes('selected') ? true : undefined));
    expect((await fresh(tab.ref)).states).toContain('selected');
  });

  it('types into an entry by ref: the entry holds the text', async () => {
    const entry = find(
      (n) => n.controlType === 'Edit' && usable(n) && !n.states.includes('password'),
      { name: 'GtkEntry' },
    );
    const result = await executor.run(
      'actions.type',
      parse('actions.type', { target: { ref: entry.ref }, text: 'gtk four', clearFirst: true }),
      ctx,
    );
    expect(result.via).toBe('keyboard');
    expect((await fresh(entry.ref)).value).toBe('gtk four');
  });
});
