/**
 * The conformance suite against the real Windows UI Automation backend. The fixture is owned
 * by the test: one WinForms app (fixtures/uiaForm.ps1, built by PowerShell at run time) with
 * every control the specs need, at fixed places, activated, plus its own closable window;
 * started for every spec and ended for sure (taskkill /T /F on its process tree). Ground truth
 * is a second read through another path (the control-view TreeWalker with live reads), not the
 * fetch under test. The host's log goes to $UISTREAM_UIA_LOG when set (the workflow uploads it).
 * Runs only on Windows (.github/workflows/windows.yml); elsewhere it checks that the
 * expectation file names real specs. Under Wine the backend is proven by test/wine instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BackendId, BackendNode } from '../../src/backends/backend.js';
import { createUiaBackend, type UiaBackend } from '../../src/backends/uia/index.js';
import type { ConformanceFixture, TargetName } from './fixture.js';
import { loadExpectations, runConformance } from './harness.js';
import { ALL_SPECS } from './specs/index.js';

const FORM_SCRIPT = fileURLToPath(new URL('./fixtures/uiaForm.ps1', import.meta.url));
const TITLE = 'uistream conformance';

type Pick = (n: BackendNode) => boolean;
const has = (n: BackendNode, state: string): boolean => n.props.states.includes(state as never);

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
    pick: (n) =>
      n.props.controlType === 'ListItem' && n.props.name === 'Item 2' && !has(n, 'selected'),
  },
  expandable: {
    window: 'form',
    pick: (n) => n.props.controlType === 'TreeItem' && n.props.name === 'Branch',
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

/** Wait for a top-level window by exact title (no platform event precedes our subscription). */
async function windowOf(
  backend: UiaBackend,
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

/** Start the form; a failed start rejects instead of leaving the fixture waiting. */
function startForm(): { app: ChildProcess; failed: Promise<never> } {
  const app = spawn(
    'powershell.exe',
    ['-NoProfile', '-ExecutionPolicy', 'Bypass', '-File', FORM_SCRIPT, '-Title', TITLE],
    { stdio: 'ignore', windowsHide: false },
  );
  const failed = new Promise<never>((_resolve, reject) => {
    app.on('error', (err) => reject(new Error(`the test form did not start: ${err.message}`)));
    app.on('exit', (code) => reject(new Error(`the test form exited early (code ${code})`)));
  });
  failed.catch(() => undefined);
  return { app, failed };
}

/** End the form's whole process tree, whatever state it is in. */
function endForm(app: ChildProcess): void {
  if (app.pid !== undefined && app.exitCode === null)
    spawnSync('taskkill', ['/PID', String(app.pid), '/T', '/F'], { stdio: 'ignore' });
}

function hostLog(message: string): void {
  const file = process.env['UISTREAM_UIA_LOG'];
  if (file !== undefined) appendFileSync(file, `${new Date().toISOString()} ${message}\n`);
}

async function createFixture(signal: AbortSignal): Promise<ConformanceFixture> {
  const backend = createUiaBackend({ onLog: hostLog });
  const form = startForm();
  const dispose = async (): Promise<void> => {
    await backend.stop();
    endForm(form.app);
  };
  try {
    await backend.start(signal);
    const pid = form.app.pid ?? 0;
    const find = (title: string) =>
      Promise.race([windowOf(backend, pid, title, signal), form.failed]);
    const windows = { form: await find(TITLE), closable: await find(`${TITLE} (closable)`) };
    await backend.activateWindow(windows.form, { signal });
    return {
      backend,
      async target(name, s) {
        const { window, pick } = TARGETS[name];
        const nodes = await backend.fetchSubtree(windows[window], { signal: s });
        const hit = nodes.find(pick);
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

if (process.platform === 'win32') {
  runConformance('uia', createFixture);
} else {
  describe('conformance: uia (runs on Windows only)', () => {
    it('its expectation file names only real specs, each with a reason', () => {
      const gaps = loadExpectations('uia');
      const ids = new Set(ALL_SPECS.map((s) => s.id));
      expect(Object.keys(gaps).length).toBeGreaterThan(0);
      for (const [id, reason] of Object.entries(gaps)) {
        expect(ids.has(id)).toBe(true);
        expect(reason.length).toBeGreaterThan(20);
      }
    });
  });
}
