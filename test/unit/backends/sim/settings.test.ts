import { describe, expect, it } from 'vitest';
import { aid, deadline, keys, node, nodeOf, record, startSim, windowTitles } from './helpers.js';

const scene = { apps: [{ kind: 'settings' as const }] };

describe('sim settings dialog', () => {
  it('tabs swap the page content with one invalidated structure event', async () => {
    const sim = await startSim(scene);
    expect(sim.control.find('settings.language')).toBeUndefined();
    const rec = record(sim);
    await sim.performPattern(
      aid(sim, 'settings.tab.advanced'),
      { pattern: 'SelectionItem', op: 'select' },
      deadline(),
    );
    await sim.control.quiet();
    expect(sim.control.find('settings.notifications')).toBeUndefined();
    expect(sim.control.find('settings.language')).toBeDefined();
    expect(rec.events()).toContainEqual(
      expect.objectContaining({
        type: 'structure',
        change: 'invalidated',
        id: aid(sim, 'settings.page'),
      }),
    );
    expect(nodeOf(sim, 'settings.tab.general').props.states).not.toContain('selected');
  });

  it('the combo box lists its options when expanded; choosing one sets the value and closes it', async () => {
    const sim = await startSim(scene);
    await sim.performPattern(
      aid(sim, 'settings.tab.advanced'),
      { pattern: 'SelectionItem', op: 'select' },
      deadline(),
    );
    const combo = aid(sim, 'settings.language');
    await sim.performPattern(combo, { pattern: 'ExpandCollapse', op: 'expand' }, deadline());
    const list = node(sim, node(sim, combo).children[0] ?? '');
    const options = list.children.map((id) => node(sim, id));
    expect(options.map((o) => o.props.name)).toEqual(['English', 'French', 'German']);
    await sim.performPattern(
      options[1]?.id ?? '',
      { pattern: 'SelectionItem', op: 'select' },
      deadline(),
    );
    expect(node(sim, combo).props.value).toBe('French');
    expect(node(sim, combo).props.states).toContain('collapsed');
    expect(node(sim, combo).children).toEqual([]);
  });

  it('radio buttons are exclusive, the slider keeps its range, Apply follows unapplied changes', async () => {
    const sim = await startSim(scene);
    const apply = aid(sim, 'settings.apply');
    expect(node(sim, apply).props.states).not.toContain('enabled');
    await sim.performPattern(
      aid(sim, 'settings.theme.dark'),
      { pattern: 'SelectionItem', op: 'select' },
      deadline(),
    );
    expect(nodeOf(sim, 'settings.theme.light').props.states).not.toContain('selected');
    expect(node(sim, apply).props.states).toContain('enabled');
    await sim.performPattern(apply, { pattern: 'Invoke' }, deadline());
    expect(node(sim, apply).props.states).not.toContain('enabled');
    const volume = aid(sim, 'settings.volume');
    await sim.focus(volume, deadline());
    await keys(sim, 'Right', 'Right', 'End');
    expect(node(sim, volume).props.range).toEqual({ value: 100, min: 0, max: 100, step: 1 });
    await keys(sim, 'Left');
    expect(node(sim, volume).props.range?.value).toBe(99);
    // Switching tabs and back keeps what was set.
    await sim.performPattern(
      aid(sim, 'settings.tab.advanced'),
      { pattern: 'SelectionItem', op: 'select' },
      deadline(),
    );
    await sim.performPattern(
      aid(sim, 'settings.tab.general'),
      { pattern: 'SelectionItem', op: 'select' },
      deadline(),
    );
    expect(nodeOf(sim, 'settings.volume').props.range?.value).toBe(99);
    expect(nodeOf(sim, 'settings.theme.dark').props.states).toContain('selected');
    await sim.performPattern(aid(sim, 'settings.ok'), { pattern: 'Invoke' }, deadline());
    expect(windowTitles(sim)).toEqual([]);
  });
});
