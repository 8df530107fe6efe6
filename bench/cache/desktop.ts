/**
 * Benchmark desktops on the simulated backend: `windows` data-described windows of about 500
 * elements each, shaped like real apps (toolbar, menu bar, a long list of items with labels, an
 * options group, an edit and a status bar), every name distinct so a find hits exactly once.
 */
import type { ElementData } from '../../src/backends/sim/scene.js';
import { createSimBackend, type SimBackend } from '../../src/backends/sim/index.js';

const LIST_ITEMS = 216;

function windowElements(w: number): ElementData[] {
  const rect = (i: number): [number, number, number, number] => [10, 60 + (i % 40) * 12, 300, 12];
  return [
    {
      type: 'ToolBar',
      name: 'Standard',
      children: Array.from({ length: 10 }, (_, i) => ({
        type: 'Button' as const,
        name: `Tool ${w}.${i}`,
        patterns: ['Invoke' as const],
      })),
    },
    {
      type: 'MenuBar',
      name: 'Menu',
      children: ['File', 'Edit', 'View', 'Insert', 'Tools', 'Help'].map((m) => ({
        type: 'MenuItem' as const,
        name: `${m} ${w}`,
        patterns: ['ExpandCollapse' as const],
      })),
    },
    {
      type: 'Pane',
      children: [
        {
          type: 'List',
          name: `Items ${w}`,
          children: Array.from({ length: LIST_ITEMS }, (_, i) => ({
            type: 'ListItem' as const,
            name: `Item ${w}.${i}`,
            rect: rect(i),
            patterns: ['SelectionItem' as const],
            children: [{ type: 'Text' as const, name: `Detail ${w}.${i}`, rect: rect(i) }],
          })),
        },
        {
          type: 'Group',
          name: 'Options',
          children: Array.from({ length: 39 }, (_, i) => ({
            type: 'CheckBox' as const,
            name: `Option ${w}.${i}`,
            patterns: ['Toggle' as const],
          })),
        },
        { type: 'Edit', name: `Notes ${w}`, value: 'some text', patterns: ['Value' as const] },
      ],
    },
    { type: 'StatusBar', name: 'Status', children: [{ type: 'Text', name: `Ready ${w}` }] },
  ];
}

/** A started sim with `windows` windows; no fetch latency until the caller sets one. */
export async function benchDesktop(windows: number): Promise<SimBackend> {
  const sim = createSimBackend({ scene: { apps: [] } });
  for (let w = 0; w < windows; w++) {
    sim.control.open({
      kind: 'window',
      app: `app${w % 20}`,
      title: `Window ${w}`,
      at: { x: (w % 10) * 40, y: (w % 10) * 30 },
      width: 800,
      height: 600,
      elements: windowElements(w),
    });
  }
  await sim.start(AbortSignal.timeout(60_000));
  return sim;
}
