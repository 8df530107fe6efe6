/**
 * Executor conformance on the simulated desktop: every action does what it says through the
 * real cache and backend, and its result reports what changed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, errorOf, startDesktop, type Desktop } from './desktop.js';

let desk: Desktop;
beforeEach(async () => {
  desk = await startDesktop();
});
afterEach(async () => {
  await desk.stop();
});

const states = (ref: string): string[] => desk.cache.node(ref)?.states ?? [];

describe('actions.click', () => {
  it('toggles a check box through its pattern and reports the change', async () => {
    const ref = desk.ref('settings.startup');
    const before = states(ref).includes('checked');
    const result = await desk.run('actions.click', { target: { ref }, settleMs: 100 });
    expect(result.method).toBe('pattern');
    expect(result.element?.ref).toBe(ref);
    expect(states(ref).includes('checked')).toBe(!before);
    expect(result.changes.changed.some((c) => c.ref === ref)).toBe(true);
    expect(result.window?.title).toBe('Settings');
  });

  it('finds its target by locator, waiting for it to appear', async () => {
    const pending = desk.run('actions.click', {
      target: { automationId: 'about.ok' },
      waitMs: 5_000,
    });
    pending.catch(() => undefined); // awaited below; a failing step before must not leak it
    const menu = {
      window: 'Untitled - Editor',
      controlType: 'MenuItem',
      nameMatch: 'equals',
    } as const;
    await desk.run('actions.click', { target: { ...menu, name: 'Help' }, settleMs: 0 });
    await desk.run('actions.click', {
      target: { ...menu, name: 'About' },
      waitMs: 2_000,
      settleMs: 0,
    });
    const result = await pending;
    expect(result.element?.name).toBe('OK');
    const closed = await desk.run('actions.waitFor', {
      condition: 'windowClosed',
      title: 'About Editor',
      timeoutMs: 5_000,
    });
    expect(closed.satisfied).toBe(true);
  });

  it('clicks at a point with real input', async () => {
    const ref = desk.ref('settings.notifications');
    const rect = desk.cache.node(ref)?.rect;
    expect(rect).toBeTruthy();
    const before = states(ref).includes('checked');
    const result = await desk.run('actions.click', {
      target: { x: rect!.x + 5, y: rect!.y + 5 },
      settleMs: 100,
    });
    expect(result.method).toBe('input');
    expect(result.element?.ref).toBe(ref);
    await desk.run('actions.waitFor', {
      condition: 'appear',
      target: { ref },
      timeoutMs: 2_000,
    });
    expect(states(ref).includes('checked')).toBe(!before);
  });

  it('uses input for a right click and refuses it when input is not allowed', async () => {
    const ref = desk.ref('settings.startup');
    const right = await desk.run('actions.click', { target: { ref }, button: 'right' });
    expect(right.method).toBe('input');
    const refused = desk.run('actions.click', {
      target: { ref },
      button: 'right',
      allowInput: false,
    });
    expect(await codeOf(refused)).toBe('pattern_not_supported');
  });

  it('answers multiple_matches with candidates and element_not_found with the locator', async () => {
    const many = await errorOf(desk.run('actions.click', { target: { controlType: 'CheckBox' } }));
    expect(many.code).toBe('multiple_matches');
    expect((many.details.candidates as unknown[]).length).toBeGreaterThan(1);
    const none = await errorOf(
      desk.run('actions.click', { target: { name: 'No such button anywhere' }, waitMs: 50 }),
    );
    expect(none.code).toBe('element_not_found');
    expect(none.details.locator).toMatchObject({ name: 'No such button anywhere' });
  });

  it('answers element_stale for a ref whose element is gone', async () => {
    const ref = desk.ref('flaky.keep');
    desk.sim.control.close('flakyapp');
    await desk.run('actions.waitFor', {
      condition: 'windowClosed',
      title: 'Flaky',
      timeoutMs: 5_000,
    });
    expect(await codeOf(desk.run('actions.click', { target: { ref } }))).toBe('element_stale');
  });
});

describe('results', () => {
  it('include the raw patches of the settle period when asked', async () => {
    const ref = desk.ref('settings.notifications');
    const result = await desk.run('actions.click', {
      target: { ref },
      settleMs: 100,
      includePatches: true,
    });
    expect(result.patches?.some((p) => p.op === 'update' && p.ref === ref)).toBe(true);
    const without = await desk.run('actions.click', { target: { ref }, settleMs: 100 });
    expect(without.patches).toBeUndefined();
    expect(Number.isFinite(without.durationMs)).toBe(true);
    expect(without.revision).toBeGreaterThan(0);
  });

  it('report the window opened by the action and where focus went', async () => {
    const result = await desk.run('actions.click', {
      target: { automationId: 'editor.save' },
      timeoutMs: 300,
      allowInput: true,
      button: 'left',
      clickCount: 2,
      settleMs: 150,
    });
    expect(result.method).toBe('input');
    expect(result.changes.opened.map((w) => w.title)).toContain('Save As');
    expect(result.changes.focus?.window).toBe(result.changes.opened[0]?.ref);
  });
});

describe('composite actions (a locator target with an implicit wait)', () => {
  it('find-and-type waits for the field of a dialog that is still opening', async () => {
    const typing = desk.run('actions.type', {
      target: { automationId: 'saveas.name' },
      text: 'notes.txt',
      clearFirst: true,
      waitMs: 5_000,
    });
    await desk.run('actions.click', { target: { automationId: 'editor.save' }, clickCount: 2 });
    const typed = await typing;
    expect(typed.element?.automationId).toBe('saveas.name');
    expect(desk.cache.node(typed.element!.ref)?.value).toBe('notes.txt');
  });

  it('find-and-select picks an option of a list by its text', async () => {
    const result = await desk.run('actions.select', {
      target: { controlType: 'Group', name: 'Theme', nameMatch: 'equals' },
      option: 'Dark',
      waitMs: 1_000,
    });
    expect(result.method).toBe('pattern');
    // The settle period (150 ms by default) saw the selection land.
    const dark = desk.ref('settings.theme.dark');
    expect(result.changes.changed.map((c) => c.ref)).toContain(dark);
    expect(desk.cache.node(dark)?.states).toContain('selected');
  });
});

describe('bad calls', () => {
  it('answers invalid_params for a method that is not an action, and keeps serving', async () => {
    const bogus = desk.executor.run(
      'actions.cancel' as 'actions.focus',
      { target: { ref: desk.ref('settings.startup') } } as never,
      desk.ctx(),
    );
    expect(await codeOf(bogus)).toBe('invalid_params');
    const ok = await desk.run('actions.focus', { target: { automationId: 'settings.startup' } });
    expect(ok.element?.name).toBe('Start at login');
  });
});

describe('keyboard actions', () => {
  it('types into an edit with clearFirst, focusing it first', async () => {
    const ref = desk.ref('editor.text');
    await desk.run('actions.type', { target: { ref }, text: 'first' });
    const result = await desk.run('actions.type', {
      target: { ref },
      text: 'hello world',
      clearFirst: true,
      settleMs: 100,
    });
    expect(result.method).toBe('input');
    expect(desk.cache.node(ref)?.value).toBe('hello world');
    expect(desk.cache.focused({}).element?.ref).toBe(ref);
  });

  it('presses combos into the focused element and refuses unknown keys', async () => {
    const ref = desk.ref('editor.text');
    await desk.run('actions.type', { target: { ref }, text: 'abc' });
    await desk.run('actions.keys', { keys: 'Ctrl+A Delete', settleMs: 50 });
    await desk.run('actions.waitFor', {
      condition: 'valueEquals',
      target: { ref },
      value: '',
      timeoutMs: 2_000,
    });
    expect(await codeOf(desk.run('actions.keys', { keys: 'Ctrl+Nope' }))).toBe('invalid_params');
  });

  it('submits with Enter after typing', async () => {
    const ref = desk.ref('editor.text');
    await desk.run('actions.type', { target: { ref }, text: 'line', submit: true });
    expect(desk.cache.node(ref)?.value).toBe('line\n');
  });
});

describe('pattern actions', () => {
  it('sets values of an edit and a slider', async () => {
    const volume = desk.ref('settings.volume');
    await desk.run('actions.setValue', { target: { ref: volume }, value: 42 });
    expect(desk.cache.node(volume)?.range?.value).toBe(42);
    await desk.run('actions.click', { target: { automationId: 'settings.tab.advanced' } });
    const proxy = await desk.run('actions.setValue', {
      target: { automationId: 'settings.proxy' },
      value: 'proxy.local:8080',
      waitMs: 2_000,
    });
    expect(proxy.method).toBe('pattern');
    expect(desk.cache.node(proxy.element!.ref)?.value).toBe('proxy.local:8080');
  });

  it('selects a combo box option by visible text, expanding it first', async () => {
    await desk.run('actions.click', { target: { automationId: 'settings.tab.advanced' } });
    const combo = await desk.run('actions.waitFor', {
      condition: 'appear',
      target: { automationId: 'settings.language' },
      timeoutMs: 2_000,
    });
    const languages = ['English', 'French', 'German'];
    const current = desk.cache.node(combo.element!.ref)?.value;
    const wanted = languages.find((l) => l !== current) ?? 'German';
    await desk.run('actions.select', { target: { ref: combo.element!.ref }, option: wanted });
    expect(desk.cache.node(combo.element!.ref)?.value).toBe(wanted);
    expect(
      await codeOf(
        desk.run('actions.select', { target: { ref: combo.element!.ref }, option: 'Klingon' }),
      ),
    ).toBe('element_not_found');
  });

  it('invokes patterns directly and refuses what the element lacks', async () => {
    const ref = desk.ref('settings.startup');
    const before = states(ref).includes('checked');
    await desk.run('actions.invoke', { target: { ref }, pattern: 'Toggle' });
    expect(states(ref).includes('checked')).toBe(!before);
    expect(await codeOf(desk.run('actions.invoke', { target: { ref }, pattern: 'Invoke' }))).toBe(
      'pattern_not_supported',
    );
    expect(
      await codeOf(
        desk.run('actions.invoke', { target: { ref }, pattern: 'Toggle', op: 'expand' }),
      ),
    ).toBe('invalid_params');
  });

  it('moves focus to an element and brings its window forward', async () => {
    const ref = desk.ref('slow.query');
    const result = await desk.run('actions.focus', { target: { ref } });
    expect(desk.cache.focused({}).element?.ref).toBe(ref);
    expect(result.window?.foreground).toBe(true);
  });
});
