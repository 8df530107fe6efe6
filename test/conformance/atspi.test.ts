/**
 * The conformance suite against the real AT-SPI2 backend: GTK3's widget factory, a zenity
 * question dialog and (when a spec needs it) gtk3-demo in a headless desktop, relaunched for every
 * spec so each starts fresh.
 */
import { afterAll } from 'vitest';
import type { LaunchedApp } from '../../scripts/desktop/session.js';
import type { AccessibilityBackend, BackendId, BackendNode } from '../../src/backends/backend.js';
import { launchAndWait, sharedDesktop, startBackend, stopSharedDesktop } from '../atspi/harness.js';
import type { ConformanceFixture, TargetName } from './fixture.js';
import { runConformance } from './harness.js';

afterAll(stopSharedDesktop);

/** The widget factory, a zenity question dialog, and gtk3-demo (launched when first needed). */
type AppKey = 'factory' | 'dialog' | 'demo';

type Pick = (node: BackendNode, byId: Map<BackendId, BackendNode>) => boolean;

const has = (n: BackendNode, state: string): boolean => n.props.states.includes(state as never);
const enabledOnScreen = (n: BackendNode): boolean => has(n, 'enabled') && !has(n, 'offscreen');

/** How each named target is found in the widget factory (or the zenity dialog). */
const TARGET_PICKS: Record<TargetName, { app: AppKey; pick: Pick }> = {
  dialogButton: { app: 'factory', pick: (n) => n.props.name === 'About Widget Factory' },
  checkBox: {
    app: 'factory',
    pick: (n) => n.props.controlType === 'CheckBox' && enabledOnScreen(n) && has(n, 'unchecked'),
  },
  edit: {
    app: 'factory',
    pick: (n, byId) =>
      n.props.controlType === 'Edit' &&
      enabledOnScreen(n) &&
      has(n, 'editable') &&
      byId.get(n.parentId ?? '')?.props.controlType === 'Pane',
  },
  selectable: {
    app: 'factory',
    pick: (n) => n.props.controlType === 'TabItem' && enabledOnScreen(n) && !has(n, 'selected'),
  },
  expandable: {
    app: 'demo',
    pick: (n) =>
      n.props.patterns.includes('ExpandCollapse') && has(n, 'collapsed') && n.props.name !== '',
  },
  range: {
    app: 'factory',
    pick: (n) =>
      n.props.controlType === 'Slider' &&
      enabledOnScreen(n) &&
      n.props.range !== undefined &&
      n.props.range.max > n.props.range.min,
  },
  closableWindow: { app: 'dialog', pick: (n) => n.props.controlType === 'Window' },
  scrollable: {
    app: 'demo',
    pick: (n) => n.props.patterns.includes('Scroll') && enabledOnScreen(n),
  },
};

async function createFixture(signal: AbortSignal): Promise<ConformanceFixture> {
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const apps: LaunchedApp[] = [];
  const dispose = async (): Promise<void> => {
    await backend.stop();
    await Promise.all(apps.map((a) => a.stop()));
  };
  try {
    const factory = await launchAndWait(desktop, backend, 'gtk3-widget-factory', [], signal);
    apps.push(factory.app);
    const dialog = await launchAndWait(
      desktop,
      backend,
      'zenity',
      ['--question', '--title', 'Conformance question', '--text', 'Proceed?'],
      signal,
    );
    apps.push(dialog.app);
    const windows: Partial<Record<AppKey, BackendId>> = {
      factory: factory.window.id,
      dialog: dialog.window.id,
    };
    const windowOf = async (key: AppKey, s: AbortSignal): Promise<BackendId> => {
      const known = windows[key];
      if (known !== undefined) return known;
      const demo = await launchAndWait(desktop, backend, 'gtk3-demo', [], s);
      apps.push(demo.app);
      windows.demo = demo.window.id;
      return demo.window.id;
    };
    return {
      backend,
      target: async (name, s) =>
        findTarget(backend, await windowOf(TARGET_PICKS[name].app, s), name, s),
      // An element-by-element walk, independent of the bulk Cache.GetItems path under test.
      groundTruth: (s) => backend.walk(backend.rootId, { signal: s }),
      dispose,
    };
  } catch (err) {
    await dispose();
    throw err;
  }
}

async function findTarget(
  backend: AccessibilityBackend,
  windowId: BackendId,
  name: TargetName,
  signal: AbortSignal,
): Promise<BackendId> {
  const { app, pick } = TARGET_PICKS[name];
  const nodes = await backend.fetchSubtree(windowId, { signal });
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const found = nodes.find((n) => pick(n, byId));
  if (found === undefined) throw new Error(`no ${name} target in the ${app} window`);
  return found.id;
}

runConformance('atspi', createFixture);
