/** The apps conformance specs on the simulated desktop (its catalogue's editor). */
import { composeServices } from '../../src/app.js';
import { createSimBackend } from '../../src/backends/sim/index.js';
import { loadConfig } from '../../src/config.js';
import { runAppsConformance } from './apps/harness.js';

runAppsConformance('sim', async () => {
  const sim = createSimBackend({ scene: { apps: [{ kind: 'settings' }] } });
  const signal = AbortSignal.timeout(10_000);
  await sim.start(signal);
  const services = composeServices(sim, loadConfig({ backend: 'sim' }));
  await services.store.start(signal);
  const { handlers } = services;
  return {
    handlers,
    launch: { desktopId: 'org.uistream.sim.Editor.desktop' },
    title: 'Editor',
    content: { automationId: 'editor.text' },
    dirty: async (pid) => {
      const target = { automationId: 'editor.text', app: String(pid) };
      await handlers['actions.type'](
        { target, text: 'unsaved' },
        {
          clientId: 'apps-conformance',
          signal: AbortSignal.timeout(5_000),
        },
      );
    },
    running: (pid) =>
      sim.control.apps().some((a) => a.pid === pid && a.windows.length > 0 && !a.crashed),
    dispose: async () => {
      await services.executor.stop();
      await services.store.stop();
      await sim.stop();
    },
  };
});
