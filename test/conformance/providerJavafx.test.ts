/**
 * The conformance suite against the provider backend, fed by a real JavaFX app (the fixture in
 * test/fixtures/javafx/ConformanceFx.java, built with javac, its library joined to a real
 * uistream server over /provider), app and server fresh for every spec. The platform under the
 * provider backend is the sim; targets are picked in the provider app's windows only. Ground
 * truth is a full fetch of the same backend: a provider app has no second, independent view
 * (the app's own tree is what the protocol carries), so the fetch specs check the consistency of
 * what the deltas built, not an independent walk. Known gaps: expectations/provider-javafx.json.
 */
import { afterAll, beforeAll } from 'vitest';
import type { BackendNode } from '../../src/backends/backend.js';
import { sharedDesktop, stopSharedDesktop } from '../atspi/harness.js';
import { buildJavafxFixtures, fixtureArgs, startUistream } from '../providers/javafxHarness.js';
import type { ConformanceFixture, TargetName } from './fixture.js';
import { runConformance } from './harness.js';

const APP = 'ConformanceFx';
const TITLE = 'JavaFX conformance';

type Pick = (n: BackendNode) => boolean;
const has = (n: BackendNode, state: string): boolean => n.props.states.includes(state as never);
const usable = (n: BackendNode): boolean => has(n, 'enabled') && !has(n, 'offscreen');

const PICKS: Record<TargetName, Pick> = {
  dialogButton: (n) => n.props.controlType === 'Button' && n.props.name === 'Open details',
  checkBox: (n) => n.props.controlType === 'CheckBox' && usable(n) && has(n, 'unchecked'),
  edit: (n) => n.props.controlType === 'Edit' && usable(n) && n.props.name === 'Name',
  selectable: (n) => n.props.patterns.includes('SelectionItem') && !has(n, 'selected'),
  expandable: (n) => n.props.patterns.includes('ExpandCollapse') && has(n, 'collapsed'),
  range: (n) => n.props.patterns.includes('RangeValue') && n.props.name === 'Volume',
  closableWindow: (n) => n.props.controlType === 'Window' && n.props.name === 'Notes',
  // The virtualized ListView: its rows exist as nodes, offscreen until a cell shows them.
  scrollable: (n) => n.props.patterns.includes('Scroll') && n.props.automationId === 'items',
};

beforeAll(() => buildJavafxFixtures(), 120_000);
afterAll(() => stopSharedDesktop());

runConformance('provider-javafx', async (signal): Promise<ConformanceFixture> => {
  const uistream = await startUistream();
  const desktop = await sharedDesktop();
  // C1 only: the JVM starts sooner, and a spec's deadline includes the app's start.
  const args = ['-XX:TieredStopAtLevel=1', ...fixtureArgs(APP, uistream.server.url, APP)];
  const app = desktop.launch('java', args);
  const dispose = async (): Promise<void> => {
    await app.stop();
    await uistream.close();
  };
  try {
    const opened = (title: string, timeoutMs: number) =>
      uistream.client.call(
        'actions.waitFor',
        { condition: 'windowOpened', title, timeoutMs },
        { signal },
      );
    await opened(TITLE, 18_000);
    await opened('Notes', 5_000);
    const backend = uistream.app.backend;
    return {
      backend,
      async target(name, s) {
        const top = await backend.fetchSubtree(backend.rootId, { signal: s, maxDepth: 1 });
        const windows = top.slice(1).filter((w) => w.id.startsWith('prov:'));
        windows.sort((a, b) => Number(b.props.name === TITLE) - Number(a.props.name === TITLE));
        for (const w of windows) {
          const found = (await backend.fetchSubtree(w.id, { signal: s })).find(PICKS[name]);
          if (found !== undefined) return found.id;
        }
        throw new Error(`no ${name} target in the app's windows`);
      },
      groundTruth: (s) => backend.fetchSubtree(backend.rootId, { signal: s }),
      dispose,
    };
  } catch (err) {
    await dispose();
    throw err;
  }
});
