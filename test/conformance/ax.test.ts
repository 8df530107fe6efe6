/**
 * The conformance suite against the real macOS Accessibility backend. The fixture is owned by
 * the test: one AppKit app (test/fixtures/macos/ConformanceFixture.swift, built with swiftc by
 * the workflow, its path in $UISTREAM_AX_FIXTURE) with every control the specs need plus its
 * own closable window; started for every spec and killed for sure. Ground truth is a second
 * full read of the desktop. The host's log goes to $UISTREAM_AX_LOG when set.
 * Runs only on macOS (.github/workflows/macos.yml); elsewhere it checks that the expectation
 * file names real specs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BackendId, BackendNode } from '../../src/backends/backend.js';
import { createAxBackend, type AxBackend } from '../../src/backends/ax/index.js';
import type { ConformanceFixture, TargetName } from './fixture.js';
import { loadExpectations, runConformance } from './harness.js';
import { ALL_SPECS } from './specs/index.js';

const TITLE = 'uistream conformance';

type Pick = (n: BackendNode, text: (id: BackendId) => string[]) => boolean;
const has = (n: BackendNode, state: string): boolean => n.props.states.includes(state as never);

/** Rows name themselves through their cells: the texts of an element's children. */
const TARGETS: Record<TargetName, { window: 'form' | 'closable'; pick: Pick }> = {
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
  selectable: {
    window: 'form',
    pick: (n, text) =>
      n.props.patterns.includes('SelectionItem') &&
      !has(n, 'selected') &&
      text(n.id).includes('Item 2'),
  },
  expandable: {
    window: 'form',
    pick: (n, text) => n.props.patterns.includes('ExpandCollapse') && text(n.id).includes('Branch'),
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

/** Wait for a window by exact title; the app poll finds a new app within a second. */
async function windowOf(
  backend: AxBackend,
  pid: number,
  title: string,
  signal: AbortSignal,
): Promise<BackendId> {
  for (;;) {
    const found = (await backend.listWindows({ pid }, { signal })).find((w) => w.title === title);
    if (found !== undefined) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
    signal.throwIfAborted();
  }
}

function startFixture(): { app: ChildProcess; failed: Promise<never> } {
  const binary = process.env['UISTREAM_AX_FIXTURE'];
  if (binary === undefined)
    throw new Error('set UISTREAM_AX_FIXTURE to the built fixture (see docs/macos.md)');
  const app = spawn(binary, [TITLE], { stdio: 'ignore' });
  const failed = new Promise<never>((_resolve, reject) => {
    app.on('error', (err) => reject(new Error(`the fixture did not start: ${err.message}`)));
    app.on('exit', (code) => reject(new Error(`the fixture exited early (code ${code})`)));
  });
  failed.catch(() => undefined);
  return { app, failed };
}

function hostLog(message: string): void {
  const file = process.env['UISTREAM_AX_LOG'];
  if (file !== undefined) appendFileSync(file, `${new Date().toISOString()} ${message}\n`);
}

async function createFixture(signal: AbortSignal): Promise<ConformanceFixture> {
  const backend = createAxBackend({ onLog: hostLog });
  const fixture = startFixture();
  const dispose = async (): Promise<void> => {
    await backend.stop();
    if (fixture.app.exitCode === null) fixture.app.kill('SIGKILL');
  };
  try {
    await backend.start(signal);
    const pid = fixture.app.pid ?? 0;
    const find = (title: string) =>
      Promise.race([windowOf(backend, pid, title, signal), fixture.failed]);
    const windows = { form: await find(TITLE), closable: await find(`${TITLE} (closable)`) };
    await backend.activateWindow(windows.form, { signal });
    return {
      backend,
      async target(name, s) {
        const { window, pick } = TARGETS[name];
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

if (process.platform === 'darwin') {
  runConformance('ax', createFixture);
} else {
  describe('conformance: ax (runs on macOS only)', () => {
    it('its expectation file names only real specs, each with a reason', () => {
      const gaps = loadExpectations('ax');
      const ids = new Set(ALL_SPECS.map((s) => s.id));
      expect(Object.keys(gaps).length).toBeGreaterThan(0);
      for (const [id, reason] of Object.entries(gaps)) {
        expect(ids.has(id)).toBe(true);
        expect(reason.length).toBeGreaterThan(20);
      }
    });
  });
}
