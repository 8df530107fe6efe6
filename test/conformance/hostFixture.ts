/**
 * What the conformance suites of the host-process backends (ax, uia) share: a fixture app the
 * test owns, its two windows found by title, targets picked from a fetch of their window, and
 * a second read of the desktop as ground truth. Elsewhere than its platform a suite checks its
 * expectation file only.
 */
import type { ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AccessibilityBackend, BackendId, BackendNode } from '../../src/backends/backend.js';
import type { ConformanceFixture, TargetName } from './fixture.js';
import { loadExpectations, runConformance } from './harness.js';
import { ALL_SPECS } from './specs/index.js';
import { windowByTitle } from '../support/windowByTitle.js';

/** Picks a target; `text` gives the texts under an element (rows name themselves by cells). */
export type Pick = (n: BackendNode, text: (id: BackendId) => string[]) => boolean;
export type Targets = Record<TargetName, { window: 'form' | 'closable'; pick: Pick }>;

export interface HostBackend extends AccessibilityBackend {
  walk(id: BackendId, options: { signal: AbortSignal }): Promise<BackendNode[]>;
  listWindows(
    query: { pid: number },
    options: { signal: AbortSignal },
  ): Promise<{ id: BackendId; title: string }[]>;
}

/** A started fixture app; `failed` rejects when it does not start or exits early. */
export interface FixtureApp {
  app: ChildProcess;
  failed: Promise<never>;
}

export const has = (n: BackendNode, state: string): boolean =>
  n.props.states.includes(state as never);

/**
 * The targets both fixture apps show alike (the same labels and ids); each suite adds how its
 * toolkit exposes a selectable row and an expandable branch.
 */
export const COMMON_TARGETS: Omit<Targets, 'selectable' | 'expandable'> = {
  dialogButton: {
    window: 'form',
    pick: (n) => n.props.controlType === 'Button' && n.props.name === 'Open dialog',
  },
  checkBox: {
    window: 'form',
    pick: (n) => n.props.controlType === 'CheckBox' && n.props.name === 'Check me',
  },
  edit: {
    window: 'form',
    pick: (n) => n.props.controlType === 'Edit' && n.props.automationId === 'edit',
  },
  range: {
    window: 'form',
    pick: (n) => n.props.controlType === 'Slider' && n.props.range !== undefined,
  },
  closableWindow: { window: 'closable', pick: (n) => n.props.controlType === 'Window' },
  scrollable: {
    window: 'form',
    pick: (n) => n.props.automationId === 'list' && n.props.patterns.includes('Scroll'),
  },
};

/** Watch a spawned fixture `what` for a failed start or an early exit. */
export function watchStart(app: ChildProcess, what: string): FixtureApp {
  const failed = new Promise<never>((_resolve, reject) => {
    app.on('error', (err) => reject(new Error(`${what} did not start: ${err.message}`)));
    app.on('exit', (code) => reject(new Error(`${what} exited early (code ${code})`)));
  });
  failed.catch(() => undefined);
  return { app, failed };
}

/** The host's log lines, appended to the file named by `envVar` when it is set. */
export function hostLog(envVar: string): (message: string) => void {
  return (message) => {
    const file = process.env[envVar];
    if (file !== undefined) appendFileSync(file, `${new Date().toISOString()} ${message}\n`);
  };
}

function textsUnder(nodes: BackendNode[]): (id: BackendId) => string[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const texts = (id: BackendId, depth = 0): string[] => {
    const node = byId.get(id);
    if (node === undefined || depth > 3) return [];
    const own = [node.props.name, node.props.value ?? ''].filter((t) => t !== '');
    return [...own, ...node.children.flatMap((c) => texts(c, depth + 1))];
  };
  return texts;
}

const PLATFORM_NAMES: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'macOS',
  win32: 'Windows',
};

export interface HostSuite {
  name: 'ax' | 'uia';
  platform: 'darwin' | 'win32';
  title: string;
  targets: Targets;
  backend: () => HostBackend;
  start: () => FixtureApp;
  /** Ends the fixture app for sure, whatever state it is in. */
  end: (app: ChildProcess) => void;
}

async function createFixture(suite: HostSuite, signal: AbortSignal): Promise<ConformanceFixture> {
  const backend = suite.backend();
  const fixture = suite.start();
  const dispose = async (): Promise<void> => {
    await backend.stop();
    suite.end(fixture.app);
  };
  try {
    await backend.start(signal);
    const pid = fixture.app.pid ?? 0;
    const find = (title: string) =>
      Promise.race([windowByTitle(backend, pid, title, signal), fixture.failed]);
    const title = suite.title;
    const windows = { form: await find(title), closable: await find(`${title} (closable)`) };
    await backend.activateWindow(windows.form, { signal });
    return {
      backend,
      async target(name, s) {
        const { window, pick } = suite.targets[name];
        const nodes = await backend.fetchSubtree(windows[window], { signal: s });
        const text = textsUnder(nodes);
        const hit = nodes.find((n) => pick(n, text));
        if (hit === undefined) throw new Error(`no ${name} in the ${window} window`);
        return hit.id;
      },
      groundTruth: (s) => backend.walk(backend.rootId, { signal: s }),
      dispose,
    };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** The suite on its platform; elsewhere, a check that its expectation file is sound. */
export function runHostConformance(suite: HostSuite): void {
  if (process.platform === suite.platform) {
    runConformance(suite.name, (signal) => createFixture(suite, signal));
    return;
  }
  const runsOn = PLATFORM_NAMES[suite.platform] ?? suite.platform;
  describe(`conformance: ${suite.name} (runs on ${runsOn} only)`, () => {
    it('its expectation file names only real specs, each with a reason', () => {
      const gaps = loadExpectations(suite.name);
      const ids = new Set(ALL_SPECS.map((s) => s.id));
      expect(Object.keys(gaps).length).toBeGreaterThan(0);
      for (const [id, reason] of Object.entries(gaps)) {
        expect(ids.has(id)).toBe(true);
        expect(reason.length).toBeGreaterThan(20);
      }
    });
  });
}
