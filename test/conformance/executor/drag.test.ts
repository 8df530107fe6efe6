/**
 * actions.drag and focusPolicy on the simulated desktop, through the real cache and executor:
 * a list reordered by dragging, a drop into a basket, a drop target that vanishes mid-way, a drop
 * that changes nothing, and what each action says about the focus and the pointer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, startDesktop, type Desktop } from './desktop.js';

let desk: Desktop;
beforeEach(async () => {
  desk = await startDesktop({
    scene: {
      apps: [
        { kind: 'dragdrop', at: { x: 100, y: 100 } },
        { kind: 'settings', at: { x: 600, y: 100 } },
      ],
    },
  });
});
afterEach(async () => {
  await desk.stop();
});

/** The list's item names, in order, as the cache holds them. */
function listOrder(): string[] {
  const found = desk.cache.find({
    within: desk.ref('dnd.list'),
    controlType: 'ListItem',
    nameMatch: 'contains',
    caseSensitive: false,
    maxResults: 20,
  });
  return found.elements.map((n) => n.name);
}

describe('actions.drag', () => {
  it('reorders a list by dragging an item onto another, with real input', async () => {
    expect(listOrder()).toEqual(['Apple', 'Banana', 'Cherry', 'Date']);
    const result = await desk.run('actions.drag', {
      from: { ref: desk.ref('dnd.item.apple') },
      to: { ref: desk.ref('dnd.item.cherry') },
      holdMs: 0,
    });
    expect(result.method).toBe('input');
    expect(result.via).toBe('drag');
    expect(result.movedPointer).toBe(true);
    expect(result.tookFocus).toBe(true);
    expect(listOrder()).toEqual(['Banana', 'Cherry', 'Apple', 'Date']);
  });

  it('drops onto a target given as a screen point', async () => {
    const basket = desk.cache.node(desk.ref('dnd.basket'))!;
    const result = await desk.run('actions.drag', {
      from: { window: 'Drag and Drop', name: 'Banana', controlType: 'ListItem' },
      to: { x: basket.rect!.x + 20, y: basket.rect!.y + 20 },
      steps: 3,
      holdMs: 0,
    });
    expect(result.changes.changed.some((c) => c.props['name'] === 'Basket (1)')).toBe(true);
    expect(desk.cache.node(basket.ref)?.name).toBe('Basket (1)');
    expect(listOrder()).toEqual(['Apple', 'Cherry', 'Date']);
  });

  it('releases the button and says where when the drop target vanishes mid-way', async () => {
    const fragile = desk.ref('dnd.fragile');
    const err = await errorOf(
      desk.run('actions.drag', {
        from: { ref: desk.ref('dnd.item.date') },
        to: { ref: fragile },
        steps: 8,
        holdMs: 20,
      }),
    );
    expect(err.code).toBe('action_failed');
    expect(err.details['reason']).toBe('target_vanished');
    const at = err.details['at'] as { x: unknown; y: unknown };
    expect([typeof at.x, typeof at.y]).toEqual(['number', 'number']);
    expect(err.details['step']).toBeLessThanOrEqual(8);
    // The button is up: a later press-and-release clicks instead of finishing the old drag.
    const next = await desk.run('actions.drag', {
      from: { ref: desk.ref('dnd.item.apple') },
      to: { ref: desk.ref('dnd.item.banana') },
      holdMs: 0,
    });
    expect(next.movedPointer).toBe(true);
    expect(listOrder()).toEqual(['Banana', 'Apple', 'Cherry', 'Date']);
  });

  it('answers no_effect when the drop changes nothing', async () => {
    const err = await errorOf(
      desk.run('actions.drag', {
        from: { ref: desk.ref('dnd.item.apple') },
        to: { ref: desk.ref('dnd.note') },
        holdMs: 0,
        timeoutMs: 5_000,
      }),
    );
    expect(err.code).toBe('no_effect');
    expect(listOrder()).toEqual(['Apple', 'Banana', 'Cherry', 'Date']);
  });

  it('refuses bad input with a typed error and sends nothing', async () => {
    const bad = await errorOf(
      desk.run('actions.drag', { from: { ref: 'e99999' }, to: { x: 1, y: 1 } }),
    );
    expect(['element_stale', 'element_not_found']).toContain(bad.code);
    const noInput = await errorOf(
      desk.run('actions.drag', {
        from: { ref: desk.ref('dnd.item.apple') },
        to: { ref: desk.ref('dnd.basket') },
        allowInput: false,
      }),
    );
    expect(noInput.code).toBe('pattern_not_supported');
    expect(listOrder()).toEqual(['Apple', 'Banana', 'Cherry', 'Date']);
  });
});

describe('focus and pointer', () => {
  it('says a pattern action took neither focus nor pointer', async () => {
    const result = await desk.run('actions.click', {
      target: { ref: desk.ref('settings.startup') },
    });
    expect(result.method).toBe('pattern');
    expect(result.tookFocus).toBe(false);
    expect(result.movedPointer).toBe(false);
  });

  it('refuses typing that needs the focus under focusPolicy keep, naming setValue', async () => {
    const proxyTab = desk.ref('settings.tab.advanced');
    await desk.run('actions.click', { target: { ref: proxyTab } });
    const proxy = desk.ref('settings.proxy');
    await desk.run('actions.focus', { target: { ref: desk.ref('dnd.item.apple') } });
    const err = await errorOf(
      desk.run('actions.type', { target: { ref: proxy }, text: 'x', focusPolicy: 'keep' }),
    );
    expect(err.code).toBe('focus_required');
    expect(err.details['alternative']).toBe('actions.setValue');
    expect(desk.cache.node(proxy)?.value).toBe('');
    const set = await desk.run('actions.setValue', {
      target: { ref: proxy },
      value: 'proxy:8080',
      focusPolicy: 'keep',
    });
    expect(set.tookFocus).toBe(false);
    expect(desk.cache.node(proxy)?.value).toBe('proxy:8080');
  });

  it('puts the foreground window and pointer back after a drag under focusPolicy keep', async () => {
    await desk.run('actions.click', { target: { x: 700, y: 700 }, settleMs: 0 });
    await desk.run('actions.focus', { target: { ref: desk.ref('settings.startup') } });
    const before = await desk.sim.pointer(AbortSignal.timeout(1_000));
    const result = await desk.run('actions.drag', {
      from: { ref: desk.ref('dnd.item.apple') },
      to: { ref: desk.ref('dnd.item.date') },
      holdMs: 0,
      focusPolicy: 'keep',
    });
    expect(result.tookFocus).toBe(true);
    expect(result.restored).toEqual(expect.arrayContaining(['pointer', 'focus']));
    expect(listOrder()).toEqual(['Banana', 'Cherry', 'Date', 'Apple']);
    expect(await desk.sim.pointer(AbortSignal.timeout(1_000))).toEqual(before);
    const front = await desk.run('actions.waitFor', {
      condition: 'appear',
      target: { ref: desk.ref('settings.startup') },
    });
    expect(front.satisfied).toBe(true);
    const fg = desk.cache
      .windowsList({ includeMinimized: false })
      .windows.find((w) => w.foreground);
    expect(fg?.title).toBe('Settings');
  });
});
