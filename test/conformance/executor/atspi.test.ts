/**
 * The executor on a real desktop: the AT-SPI2 backend, GTK3's widget factory in a headless
 * session, the live cache over it. Actions resolve targets from the cache, act through the
 * platform's own interfaces and report what the platform's events said changed.
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
import { codeOf, parse } from './desktop.js';
import { AccessPolicy } from '../../../src/policy/access.js';
import { untilCache } from '../../../scripts/harness/cacheWait.js';

afterAll(stopSharedDesktop);

/** Deadline of setting up one spec (desktop, app, backend, initial sync). */
const SETUP_MS = 60_000;
const STATE_DEADLINE_MS = 10_000;

let backend: AtspiBackend;
let cache: UiCache;
let executor: Executor;
let apps: LaunchedApp[] = [];
const ctx = { clientId: 'atspi-spec', signal: new AbortController().signal };

beforeEach(async () => {
  const signal = AbortSignal.timeout(SETUP_MS);
  const desktop = await sharedDesktop();
  backend = await startBackend(desktop, signal);
  const factory = await launchAndWait(desktop, backend, 'gtk3-widget-factory', [], signal);
  apps = [factory.app];
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
  await Promise.all(apps.map((a) => a.stop()));
  apps = [];
});

/** The first cached element that satisfies `pick` (searched by control type). */
function first(
  controlType: ElementNode['controlType'],
  pick: (n: ElementNode) => boolean,
): ElementNode {
  const query = {
    controlType,
    nameMatch: 'contains',
    caseSensitive: false,
    maxResults: 1000,
  } as const;
  const found = cache.find(query).elements.find(pick);
  if (found === undefined) throw new Error(`no ${controlType} fits`);
  return found;
}

const usable = (n: ElementNode): boolean =>
  n.states.includes('enabled') && !n.states.includes('offscreen') && n.rect !== null;

/** Resolve once the cached element satisfies `holds` (driven by patches, with a deadline). */
function until(ref: string, holds: (n: ElementNode) => boolean): Promise<ElementNode> {
  return untilCache(
    cache,
    () => {
      const node = cache.node(ref);
      return node !== undefined && holds(node) ? node : undefined;
    },
    STATE_DEADLINE_MS,
  );
}

describe('executor on AT-SPI2 (gtk3-widget-factory)', () => {
  it('clicks a check box through its pattern and the cache sees it checked', async () => {
    const box = first('CheckBox', (n) => usable(n) && n.states.includes('unchecked'));
    const result = await executor.run(
      'actions.click',
      parse('actions.click', { target: { ref: box.ref }, settleMs: 200 }),
      ctx,
    );
    expect(result.element?.ref).toBe(box.ref);
    expect(result.method).toBe('pattern');
    await until(box.ref, (n) => n.states.includes('checked'));
  });

  it('sets the text of an entry and waits for it from the patch stream', async () => {
    const entry = first('Edit', (n) => usable(n) && n.states.includes('editable'));
    const waiting = executor.run(
      'actions.waitFor',
      parse('actions.waitFor', {
        condition: 'valueEquals',
        target: { ref: entry.ref },
        value: 'typed by uistream',
        timeoutMs: STATE_DEADLINE_MS,
      }),
      ctx,
    );
    await executor.run(
      'actions.setValue',
      parse('actions.setValue', { target: { ref: entry.ref }, value: 'typed by uistream' }),
      ctx,
    );
    expect((await waiting).element?.ref).toBe(entry.ref);
  });

  it('types into an entry with real keyboard input after focusing it', async () => {
    const entry = first('Edit', (n) => usable(n) && n.states.includes('editable'));
    const result = await executor.run(
      'actions.type',
      parse('actions.type', { target: { ref: entry.ref }, text: 'keys 42', clearFirst: true }),
      ctx,
    );
    expect(result.method).toBe('input');
    await until(entry.ref, (n) => n.value === 'keys 42');
    expect(cache.focused({}).element?.ref).toBe(entry.ref);
  });

  it('answers multiple_matches and element_not_found from the cache', async () => {
    const many = executor.run(
      'actions.click',
      parse('actions.click', { target: { controlType: 'CheckBox' } }),
      ctx,
    );
    expect(await codeOf(many)).toBe('multiple_matches');
    const none = executor.run(
      'actions.click',
      parse('actions.click', { target: { name: 'Nothing in the widget factory is called this' } }),
      ctx,
    );
    expect(await codeOf(none)).toBe('element_not_found');
  });
});
