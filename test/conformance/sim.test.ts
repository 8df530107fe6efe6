/** The conformance suite against the simulated desktop (default scene). */
import { createSimBackend } from '../../src/backends/sim/index.js';
import type { ConformanceFixture, TargetName } from './fixture.js';
import { runConformance } from './harness.js';

/** Where each named target lives in the default scene (automation ids). */
const TARGET_IDS: Record<TargetName, string> = {
  dialogButton: 'editor.find',
  checkBox: 'settings.notifications',
  edit: 'editor.text',
  selectable: 'settings.theme.dark',
  expandable: 'editor.menu.file',
  range: 'settings.volume',
  closableWindow: 'settings.titlebar',
  scrollable: 'grid.table',
};

runConformance('sim', async (signal): Promise<ConformanceFixture> => {
  const sim = createSimBackend({ seed: 7 });
  await sim.start(signal);
  return {
    backend: sim,
    target(name) {
      const found = sim.control.find(TARGET_IDS[name]);
      const node = found === undefined ? undefined : sim.groundTruth().find((n) => n.id === found);
      if (node === undefined)
        return Promise.reject(new Error(`target ${name} is not on the desktop`));
      // The closable window is the title bar's window.
      return Promise.resolve(name === 'closableWindow' ? (node.parentId ?? node.id) : node.id);
    },
    groundTruth: () => Promise.resolve(sim.groundTruth()),
    setQuirks: (quirks) => sim.control.setQuirks(quirks),
    dispose: () => sim.stop(),
  };
});
