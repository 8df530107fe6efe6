/**
 * Rows of virtualized JavaFX lists through the provider: the ConformanceFx fixture's ListView
 * holds 10,000 items of which a few have cells. Every item is a row in the cache (found by its
 * text while no cell shows it), scrolled into view and selected through the list's own API by
 * the executor, with its effects checked; the app's own state (selection model, realized range,
 * read over the library's local endpoint) must agree. Scrolling recycles cells: the rows keep
 * their uids and names, only their realized state moves.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementNode } from '../../protocol/src/index.js';
import { stopSharedDesktop } from '../atspi/harness.js';
import { launchFxFixture, type FxFixture } from '../support/javafx.js';
import type { Uistream } from './javafxHarness.js';

const APP = 'ConformanceFx';
const LOCAL_TOKEN = 'javafx-local-token-0123456789';
const STATS = '.tmp/javafx-rows/stats.json';

let fx: FxFixture | undefined;
let uistream: Uistream;
let localPort: number;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** The list as the app itself sees it: the library's own snapshot over its local endpoint. */
async function appList(): Promise<{ selectedIndex: number; first: number; last: number }> {
  const res = await fetch(`http://127.0.0.1:${localPort}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tool: 'ui_get_snapshot', input: { stage: 'all', mode: 'full' } }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const match = /"id":"items"[^]*?"virtualization":(\{[^}]*\{[^}]*\}\})/.exec(text);
  if (match?.[1] === undefined)
    throw new Error(`no virtualization of #items in ${text.slice(0, 300)}`);
  const v = JSON.parse(match[1]) as {
    selectedIndex: number;
    visibleRange: { first: number; last: number };
  };
  return { selectedIndex: v.selectedIndex, ...v.visibleRange };
}

const rows = async (name: string): Promise<ElementNode[]> =>
  (await uistream.client.call('elements.find', { name, nameMatch: 'equals', app: APP })).elements;

const theRow = async (name: string): Promise<ElementNode> => {
  const found = await rows(name);
  expect(found.map((n) => n.controlType)).toEqual(['ListItem']);
  return found[0] as ElementNode;
};

describe('virtualized JavaFX lists through the provider', () => {
  beforeAll(async () => {
    localPort = await freePort();
    mkdirSync('.tmp/javafx-rows', { recursive: true });
    rmSync(STATS, { force: true });
    const props = { 'mcp.port': localPort, 'mcp.token': LOCAL_TOKEN, 'mcp.uistream.stats': STATS };
    fx = await launchFxFixture({ mainClass: APP, app: APP, title: 'JavaFX conformance', props });
    uistream = fx.uistream;
  }, 180_000);

  afterAll(async () => {
    await fx?.close();
    await stopSharedDesktop();
  });

  it('every item is a row; those without a cell are offscreen', async () => {
    const [list] = (
      await uistream.client.call('elements.find', { automationId: 'items', app: APP })
    ).elements;
    expect(list?.controlType).toBe('List');
    expect(list?.childCount).toBe(10_000);
    const far = await theRow('item 9000');
    expect(far.states).toContain('offscreen');
    expect(far.patterns).toEqual(expect.arrayContaining(['SelectionItem', 'ScrollItem']));
    const first = await theRow('item 0');
    expect(first.states).not.toContain('offscreen');
    const view = await appList();
    expect(view.first).toBe(0);
    expect(view.last).toBeLessThan(9000);
  });

  it('scrollIntoView realizes a row found by text; uids stay with items, not cells', async () => {
    const far = await theRow('item 9000');
    const near = await theRow('item 1');
    const { cursor } = await uistream.client.call('events.read', { waitMs: 0, limit: 1 });
    const done = await uistream.client.call('actions.scrollIntoView', {
      target: { name: 'item 9000', nameMatch: 'equals', app: APP },
      container: far.parent ?? '',
    });
    expect(done.method).toBe('pattern');
    const after = await theRow('item 9000');
    expect(after.ref).toBe(far.ref);
    expect(after.states).not.toContain('offscreen');
    // The app agrees: the realized range holds row 9000 now.
    const view = await appList();
    expect(view.first).toBeLessThanOrEqual(9000);
    expect(view.last).toBeGreaterThanOrEqual(9000);
    // The cell that showed "item 1" shows another item: the row of "item 1" is the same
    // element, offscreen now; no row changed its name.
    const nearAfter = await theRow('item 1');
    expect(nearAfter.ref).toBe(near.ref);
    expect(nearAfter.states).toContain('offscreen');
    const changes = await propertyChangesAfter(cursor);
    const statesOf = (ref: string) => changes.filter((e) => e.ref === ref && 'states' in e.changes);
    expect(statesOf(far.ref).length).toBeGreaterThan(0);
    expect(statesOf(near.ref).length).toBeGreaterThan(0);
    expect(changes.filter((e) => e.controlType === 'ListItem' && 'name' in e.changes)).toEqual([]);
  });

  it('selecting an offscreen row selects it in the app, checked by the executor', async () => {
    const list = (await theRow('item 9000')).parent ?? '';
    const done = await uistream.client.call('actions.select', {
      target: { ref: list },
      option: 'item 7500',
    });
    expect(done.method).toBe('pattern');
    expect((await theRow('item 7500')).states).toContain('selected');
    expect((await appList()).selectedIndex).toBe(7500);
  });

  it('an MCP client finds, scrolls to and selects a row', async () => {
    const mcp = await fx!.mcpClient('javafx-rows-test');
    try {
      const tool = async (name: string, args: Record<string, unknown>) => {
        const r = await mcp.callTool({ name, arguments: args });
        expect(r.isError, JSON.stringify(r.content)).not.toBe(true);
        return JSON.stringify(r.structuredContent ?? r.content);
      };
      const found = await tool('ui_find', { name: 'item 4321', app: APP });
      expect(found).toContain('item 4321');
      const list = (await theRow('item 4321')).parent ?? '';
      await tool('ui_scroll', {
        target: { name: 'item 4321', nameMatch: 'equals', app: APP },
        container: list,
      });
      await tool('ui_select', { target: { ref: list }, option: 'item 4321' });
      expect((await theRow('item 4321')).states).toEqual(expect.arrayContaining(['selected']));
      const view = await appList();
      expect(view.selectedIndex).toBe(4321);
      expect(view.first).toBeLessThanOrEqual(4321);
      expect(view.last).toBeGreaterThanOrEqual(4321);
    } finally {
      await mcp.close();
    }
  });

  it('scrolling the list moves the realized rows; the cache agrees with the app', async () => {
    const list = (await theRow('item 0')).parent ?? '';
    const before = await appList();
    for (let i = 0; i < 5; i++) {
      await uistream.client.call('actions.scroll', {
        target: { ref: list },
        direction: 'down',
        amount: 2,
      });
    }
    const view = await appList();
    expect(view.first).toBeGreaterThan(before.first);
    // Each row in the app's realized range is on screen in the cache, once the last
    // refresh arrived (waited for by event, not by time).
    for (const index of [view.first, view.last]) await shown(`item ${index}`);
    expect((await theRow(`item ${before.first}`)).states).toContain('offscreen');
  });

  it('a tree row collapses and expands; its children come back with their uids', async () => {
    const treeRow = async (name: string) =>
      (await rows(name)).find((n) => n.controlType === 'TreeItem');
    const fruit = await treeRow('Fruit');
    const apple = await treeRow('Apple');
    expect(fruit?.states).toContain('expanded');
    const uid = (ref: string | undefined) => uistream.app.cache.backendId(ref ?? '');
    const appleUid = uid(apple?.ref);
    expect(appleUid).toMatch(/^prov:.+:u-/);
    const toggle = (op: 'collapse' | 'expand') =>
      uistream.client.call('actions.invoke', {
        target: { ref: fruit?.ref ?? '' },
        pattern: 'ExpandCollapse',
        op,
      });
    await toggle('collapse');
    await uistream.client.call('actions.waitFor', {
      condition: 'disappear',
      target: { ref: apple?.ref ?? '' },
      timeoutMs: 10_000,
    });
    expect((await treeRow('Fruit'))?.states).toContain('collapsed');
    await toggle('expand');
    await uistream.client.call('actions.waitFor', {
      condition: 'appear',
      target: { name: 'Apple', nameMatch: 'equals', controlType: 'TreeItem', app: APP },
      timeoutMs: 10_000,
    });
    // The cache gives a re-added element a new ref; the provider's uid is the item's.
    expect(uid((await treeRow('Apple'))?.ref)).toBe(appleUid);
    // Table rows are rows too, named by their first column.
    expect((await rows('Banana')).map((n) => n.controlType).sort()).toEqual([
      'DataItem',
      'TreeItem',
    ]);
  });

  it('the library never held the FX thread over 5 ms at a time', async () => {
    await fx!.app.stop();
    await uistream.client.call('actions.waitFor', {
      condition: 'windowClosed',
      title: 'JavaFX conformance',
      timeoutMs: 10_000,
    });
    const stats = JSON.parse(readFileSync(STATS, 'utf8')) as Record<string, number>;
    process.stdout.write(`javafx rows FX-thread stats: ${JSON.stringify(stats)}\n`);
    // An unsliced snapshot is two tasks (its windows, then the whole walk); 10,000 nodes take
    // more than one task's budget on any machine, so each snapshot ran in more chunks.
    expect(stats.snapshots).toBeGreaterThan(0);
    expect(stats.snapshotChunks).toBeGreaterThan(2 * stats.snapshots!);
    expect(stats.overBudgetTasks).toBe(0);
  }, 30_000);
});

/** Every property.changed event after `cursor`: the element and what changed. */
async function propertyChangesAfter(
  cursor: number,
): Promise<{ ref: string; controlType: string; changes: Record<string, unknown> }[]> {
  const out: { ref: string; controlType: string; changes: Record<string, unknown> }[] = [];
  let after = cursor;
  for (;;) {
    const page = await uistream.client.call('events.read', {
      after,
      types: ['property.changed'],
      waitMs: 0,
      limit: 1000,
    });
    for (const e of page.events) {
      if (e.type !== 'property.changed') continue;
      out.push({ ref: e.element.ref, controlType: e.element.controlType, changes: e.changes });
    }
    after = page.cursor;
    if (!page.hasMore) return out;
  }
}

/** The row once the cache has it on screen, waiting on events up to a deadline. */
async function shown(name: string): Promise<ElementNode> {
  const deadline = Date.now() + 10_000;
  let { cursor } = await uistream.client.call('events.read', { waitMs: 0, limit: 1 });
  for (;;) {
    const row = await theRow(name);
    if (!row.states.includes('offscreen')) return row;
    if (Date.now() > deadline) throw new Error(`${name} stayed offscreen in the cache`);
    const page = await uistream.client.call('events.read', {
      after: cursor,
      types: ['property.changed'],
      waitMs: 1_000,
      limit: 1000,
    });
    cursor = page.cursor;
  }
}
