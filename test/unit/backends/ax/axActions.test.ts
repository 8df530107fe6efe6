/** Pattern operations, focus and input through the fake surface; writes are read back. */
import { describe, expect, it } from 'vitest';
import type { BackendNode } from '../../../../src/backends/backend.js';
import { flagsOf, keyCode, unicodeChunks } from '../../../../src/backends/ax/axInput.js';
import { isUiError } from '../../../../src/errors.js';
import { FakeAxSurface } from './fakeAx.js';
import { FAR, startHost, textEdit } from './axHarness.js';

async function started(stubborn: string[] = []) {
  const surface = new FakeAxSurface();
  const app = textEdit(surface);
  const area = app.windows[0]?.find((e) => e.spec.identifier === 'body');
  if (area !== undefined) area.spec.stubborn = stubborn;
  const run = await startHost(surface);
  const nodes = (await run.host.call(
    'fetchSubtree',
    { id: 'desktop', maxDepth: null },
    FAR,
  )) as BackendNode[];
  const id = (pred: (n: BackendNode) => boolean) => nodes.find(pred)?.id ?? 'missing';
  return { ...run, id, area };
}

describe('AX actions (fake surface)', () => {
  it('sets a value and reads it back; an app that ignores the write answers no_effect', async () => {
    const ok = await started();
    const body = ok.id((n) => n.props.automationId === 'body');
    await ok.host.call(
      'performPattern',
      { id: body, action: { pattern: 'Value', value: 'typed' } },
      FAR,
    );
    expect(ok.area?.attrs.get('AXValue')).toBe('typed');
    const stuck = await started(['AXValue']);
    const id = stuck.id((n) => n.props.automationId === 'body');
    const err = await stuck.host
      .call('performPattern', { id, action: { pattern: 'Value', value: 'typed' } }, FAR)
      .catch((e: unknown) => e);
    expect(isUiError(err) && err.code).toBe('no_effect');
  });

  it('presses buttons, closes windows by their close button, refuses what AX cannot do', async () => {
    const run = await started();
    const win = run.id((n) => n.props.controlType === 'Window');
    const wrap = run.id((n) => n.props.name === 'Wrap');
    await run.host.call('performPattern', { id: wrap, action: { pattern: 'Toggle' } }, FAR);
    await run.host.call(
      'performPattern',
      { id: win, action: { pattern: 'Window', op: 'close' } },
      FAR,
    );
    expect(run.surface.calls.filter((c) => c.startsWith('PerformAction'))).toEqual([
      'PerformAction(AXPress)',
      'PerformAction(AXPress)',
    ]);
    const scroll = await run.host
      .call('performPattern', { id: wrap, action: { pattern: 'ScrollItem' } }, FAR)
      .catch((e: unknown) => e);
    expect(isUiError(scroll) && scroll.code).toBe('pattern_not_supported');
    const text = run.id((n) => n.props.name === 'Status: ready');
    const none = await run.host
      .call('performPattern', { id: text, action: { pattern: 'Invoke' } }, FAR)
      .catch((e: unknown) => e);
    expect(isUiError(none) && none.code).toBe('pattern_not_supported');
  });

  it('scrolls through the scroll bar value and expands outline rows by AXDisclosing', async () => {
    const surface = new FakeAxSurface();
    surface.addApp(900, 'Lists', null, [
      {
        role: 'AXWindow',
        title: 'Lists',
        children: [
          {
            role: 'AXScrollArea',
            title: 'area',
            children: [{ role: 'AXScrollBar', subrole: 'AXVerticalScrollBar', value: 0.95 }],
          },
          { role: 'AXRow', subrole: 'AXOutlineRow', title: 'Branch' },
        ],
      },
    ]);
    const branch = surface.apps.get(900)?.windows[0]?.find((e) => e.spec.title === 'Branch');
    branch?.attrs.set('AXDisclosing', false);
    const run = await startHost(surface);
    const nodes = (await run.host.call(
      'fetchSubtree',
      { id: 'desktop', maxDepth: null },
      FAR,
    )) as BackendNode[];
    const id = (name: string) => nodes.find((n) => n.props.name === name)?.id;
    expect(nodes.find((n) => n.props.name === 'Branch')?.props.states).toContain('collapsed');
    const down = { pattern: 'Scroll', direction: 'down', amount: 1 };
    await run.host.call('performPattern', { id: id('area'), action: down }, FAR);
    const bar = surface.apps.get(900)?.windows[0]?.find((e) => e.spec.role === 'AXScrollBar');
    expect(bar?.attrs.get('AXValue')).toBe(1);
    const end = await run.host
      .call('performPattern', { id: id('area'), action: down }, FAR)
      .catch((e: unknown) => e);
    expect(isUiError(end) && end.code).toBe('scroll_exhausted');
    const expand = { pattern: 'ExpandCollapse', op: 'expand' };
    await run.host.call('performPattern', { id: id('Branch'), action: expand }, FAR);
    expect(branch?.attrs.get('AXDisclosing')).toBe(true);
  });

  it('types keys with modifiers in order and text as Unicode chunks', async () => {
    const run = await started();
    await run.host.call(
      'input',
      { kind: 'keys', combos: [{ key: 's', modifiers: ['meta'] }] },
      FAR,
    );
    expect(run.surface.input).toEqual([
      'key 55 down 1048576',
      'key 1 down 1048576',
      'key 1 up 1048576',
      'key 55 up 0',
    ]);
    const bad = await run.host
      .call('input', { kind: 'keys', combos: [{ key: 'NoSuchKey', modifiers: [] }] }, FAR)
      .catch((e: unknown) => e);
    expect(isUiError(bad) && bad.code).toBe('invalid_params');
    expect(keyCode('Enter')).toBe(0x24);
    expect(flagsOf(['shift', 'ctrl'])).toBe(0x60000);
    const chunks = unicodeChunks('a'.repeat(19) + '😀' + 'b');
    expect(chunks.map((c) => c.length)).toEqual([19, 3]); // the pair is never split
  });
});
