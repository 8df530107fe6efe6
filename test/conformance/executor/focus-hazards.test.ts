/**
 * Focus moving under an action: stolen between focusing and typing, taken away while typing,
 * and moved by the keys themselves. The executor must answer each with a clear result or typed
 * error and keep serving.
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  AccessibilityBackend,
  ActionOptions,
  ShownWindowsWait,
} from '../../../src/backends/backend.js';
import { errorOf, startDesktop, type Desktop } from './desktop.js';

let desk: Desktop | undefined;
afterEach(async () => {
  await desk?.stop();
  desk = undefined;
});

/**
 * Give the thief (Busy App) a remembered focus, then put focus on another element of the
 * editor, so typing into the editor's text must move focus (and the thief gets its chance).
 */
async function focusElsewhere(d: Desktop): Promise<void> {
  await d.run('actions.focus', { target: { automationId: 'slow.query' } });
  await d.run('actions.focus', { target: { automationId: 'editor.new' } });
}

/**
 * The thief takes focus right after each input, before the input call returns; `then` runs
 * once the cache saw focus move (the input's own effect, coming after).
 */
function stealAfterInput(
  d: Desktop,
  target: string,
  then?: (options: ActionOptions) => void,
): void {
  const input = d.sim.input.bind(d.sim);
  const moved = (): boolean => d.cache.focused({}).element?.ref !== target;
  d.sim.input = async (action, options) => {
    await input(action, options);
    d.sim.control.stealFocusOnNextFocus('Busy App');
    d.sim.control.afterFocus();
    if (!moved()) await firstValueFrom(d.cache.patches$.pipe(filter(moved), timeout(5_000)));
    then?.(options);
  };
}

describe('focus stolen between focusing and typing', () => {
  it('retries the whole step and types into the right element', async () => {
    desk = await startDesktop();
    const text = desk.ref('editor.text');
    await focusElsewhere(desk);
    desk.sim.control.stealFocusOnNextFocus('Busy App');
    await desk.run('actions.type', { target: { ref: text }, text: 'safe', settleMs: 50 });
    expect(desk.cache.node(text)?.value).toBe('safe');
    // The thief's field (focused before, and again after the steal) got nothing.
    expect(desk.cache.node(desk.ref('slow.query'))?.value ?? '').toBe('');
    expect(desk.cache.focused({}).element?.ref).toBe(text);
  });

  it('fails clearly when focus is taken away on every attempt', async () => {
    desk = await startDesktop();
    const sim = desk.sim;
    await focusElsewhere(desk);
    const focus = sim.focus.bind(sim);
    const activate = sim.activateWindow.bind(sim);
    // The thief strikes after every focus and every activation, as a window that keeps
    // popping up would.
    sim.focus = (id, options) => {
      sim.control.stealFocusOnNextFocus('Busy App');
      return focus(id, options);
    };
    sim.activateWindow = async (id, options) => {
      await activate(id, options);
      sim.control.stealFocusOnNextFocus('Busy App');
      sim.control.afterFocus();
    };
    const text = desk.ref('editor.text');
    const failure = await errorOf(
      desk.run('actions.type', { target: { ref: text }, text: 'lost' }),
    );
    expect(failure.code).toBe('action_failed');
    expect(failure.details.reason).toBe('focus_lost');
    expect(failure.details.attempts).toHaveLength(3);
    expect(desk.cache.node(text)?.value ?? '').not.toContain('lost');
  });
});

describe('focus taken away while typing', () => {
  it('answers ok with a warning, typing once, when the text landed before focus moved', async () => {
    desk = await startDesktop();
    const text = desk.ref('editor.text');
    await focusElsewhere(desk);
    stealAfterInput(desk, text);
    const result = await desk.run('actions.type', { target: { ref: text }, text: 'once' });
    expect(desk.cache.node(text)?.value).toBe('once');
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings?.[0]).toMatch(/focus moved to .* while typing/);
  });

  it('says the keys were sent once when focus moved and nothing shows where they went', async () => {
    desk = await startDesktop();
    const text = desk.ref('editor.text');
    await focusElsewhere(desk);
    stealAfterInput(desk, text);
    const failure = await errorOf(desk.run('actions.keys', { target: { ref: text }, keys: 'x' }));
    expect(failure.code).toBe('action_failed');
    expect(failure.details.reason).toBe('focus_moved');
    expect(failure.details.sent).toBe(true);
    expect(desk.cache.node(text)?.value).toBe('x');
  });
});

/** The desktop with focus away from the editor's text, and the id of its Save command. */
async function editorAwayFromText(): Promise<{ d: Desktop; text: string; save: string }> {
  desk = await startDesktop();
  const d = desk;
  await focusElsewhere(d);
  return {
    d,
    text: d.ref('editor.text'),
    save: d.cache.backendId(d.ref('editor.save')) as string,
  };
}

describe('keys whose effect moves the focus', () => {
  it('answers ok with a warning when the keys opened a window that took the focus', async () => {
    desk = await startDesktop();
    const d = desk;
    const text = d.ref('editor.text');
    const save = d.cache.backendId(d.ref('editor.save')) as string;
    const input = d.sim.input.bind(d.sim);
    const inSaveAs = (): boolean =>
      d.cache
        .windowsList({ includeMinimized: false })
        .windows.some((w) => w.title === 'Save As' && w.foreground) &&
      d.cache.focused({}).element?.ref !== text;
    // A shortcut's effect, as the app would show it: a dialog opens and takes the focus.
    d.sim.input = async (action, options) => {
      await input(action, options);
      await d.sim.performPattern(save, { pattern: 'Invoke' }, options);
      if (!inSaveAs())
        await firstValueFrom(d.cache.patches$.pipe(filter(inSaveAs), timeout(5_000)));
    };
    const result = await d.run('actions.keys', { target: { ref: text }, keys: 'ctrl+shift+s' });
    expect(result.warnings?.[0]).toMatch(/opened window "Save As"/);
  });

  it('waits for the window the keys opened when a stray focus event came first', async () => {
    const { d, text, save } = await editorAwayFromText();
    // The keys' effect (a dialog taking the focus) comes after focus was told elsewhere.
    stealAfterInput(d, text, (options) => {
      void d.sim.performPattern(save, { pattern: 'Invoke' }, options);
    });
    const result = await d.run('actions.keys', { target: { ref: text }, keys: 'ctrl+shift+s' });
    expect(result.warnings?.[0]).toMatch(/opened window "Save As"/);
  });

  it('waits for a window shown on screen before its app exposed it', async () => {
    const { d, text, save } = await editorAwayFromText();
    stealAfterInput(d, text);
    // The window system showed the keys' dialog; its app exposes it only once waited for.
    const since: number[] = [];
    const backend: AccessibilityBackend = d.sim;
    backend.untilShownListed = async (_id, at): Promise<ShownWindowsWait> => {
      since.push(at);
      if (since.length > 1) return { listed: [], unlisted: [], unexposed: [], pending: 0 };
      await d.sim.performPattern(
        save,
        { pattern: 'Invoke' },
        { signal: AbortSignal.timeout(10_000) },
      );
      return { listed: ['Save As'], unlisted: [], unexposed: [], pending: 1 };
    };
    const started = performance.now();
    const result = await d.run('actions.keys', { target: { ref: text }, keys: 'ctrl+shift+s' });
    expect(result.warnings?.[0]).toMatch(/opened window "Save As"/);
    expect(since[0]).toBeGreaterThanOrEqual(started);
    expect(result.changes.opened.map((w) => w.title)).toEqual(['Save As']);
  });
});
