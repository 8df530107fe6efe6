/**
 * The desktop-operations conformance suite on the simulated desktop: its drag-and-drop window
 * (a reorderable list) and its editor on two monitors, the second at 150%. The outside reads
 * are the sim's own model (ground truth, stacking, pointer), never the server's cache.
 */
import { composeServices } from '../../src/app.js';
import type { BackendNode } from '../../src/backends/backend.js';
import { createSimBackend, type SimBackend } from '../../src/backends/sim/index.js';
import { loadConfig } from '../../src/config.js';
import { runDesktopConformance } from './desktop/harness.js';
import type { DesktopFixture, Outside, OutsideWindow } from './desktop/fixture.js';

const TITLE = 'Drag and Drop';
const MONITORS = [
  { rect: { x: 0, y: 0, width: 1280, height: 1024 }, primary: true },
  { rect: { x: 1280, y: 0, width: 1280, height: 1024 }, primary: false },
];

function byAutomationId(sim: SimBackend, automationId: string): BackendNode | undefined {
  const id = sim.control.find(automationId);
  return sim.groundTruth().find((n) => n.id === id);
}

async function windowOf(sim: SimBackend): Promise<OutsideWindow | null> {
  const truth = sim.groundTruth();
  const win = truth.find((n) => n.parentId === sim.rootId && n.props.name === TITLE);
  if (win === undefined || win.props.rect === null) return null;
  const stacked = (await sim.windowStacking()).find((s) => s.id === win.id);
  if (stacked === undefined) return null;
  return {
    rect: win.props.rect,
    state: stacked.state,
    active: win.props.states.includes('active'),
  };
}

function outsideOf(sim: SimBackend): Outside {
  const never = new AbortController().signal;
  return {
    window: () => windowOf(sim),
    monitors: () => Promise.resolve(MONITORS),
    pointer: () => sim.pointer(never),
    movePointer: (x, y) => sim.input({ kind: 'move', x, y }, { signal: never }),
    text: () => Promise.resolve(byAutomationId(sim, 'editor.text')?.props.value ?? null),
    rows: () => Promise.resolve(listRows(sim)),
  };
}

function listRows(sim: SimBackend): string[] {
  const list = byAutomationId(sim, 'dnd.list');
  return sim
    .groundTruth()
    .filter((n) => n.parentId === list?.id && n.props.controlType === 'ListItem')
    .map((n) => n.props.name);
}

runDesktopConformance('sim', async (signal): Promise<DesktopFixture> => {
  const sim = createSimBackend({
    scene: {
      screen: { width: 2560, height: 1024 },
      monitors: MONITORS.map((m) => ({
        rect: [m.rect.x, m.rect.y, m.rect.width, m.rect.height] as [number, number, number, number],
        primary: m.primary,
        scale: m.primary ? 1 : 1.5,
      })),
      apps: [
        { kind: 'editor', at: { x: 700, y: 80 }, text: '' },
        { kind: 'dragdrop', at: { x: 100, y: 100 } },
      ],
    },
  });
  await sim.start(signal);
  const services = composeServices(sim, loadConfig({ backend: 'sim' }));
  await services.store.start(signal);
  return {
    handlers: services.handlers,
    title: TITLE,
    edit: { automationId: 'editor.text' },
    row: (name) => ({ window: TITLE, name, controlType: 'ListItem' }),
    outside: outsideOf(sim),
    async dispose() {
      await services.executor.stop();
      await services.store.stop();
      await sim.stop();
    },
  };
});
