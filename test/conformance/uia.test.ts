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
import { fileURLToPath } from 'node:url';
import { createUiaBackend } from '../../src/backends/uia/index.js';
import {
  COMMON_TARGETS,
  has,
  hostLog,
  runHostConformance,
  watchStart,
  type Targets,
} from './hostFixture.js';

const FORM_SCRIPT = fileURLToPath(new URL('./fixtures/uiaForm.ps1', import.meta.url));
const TITLE = 'uistream conformance';

const TARGETS: Targets = {
  ...COMMON_TARGETS,
  selectable: {
    window: 'form',
    pick: (n) =>
      n.props.controlType === 'ListItem' && n.props.name === 'Item 2' && !has(n, 'selected'),
  },
  expandable: {
    window: 'form',
    pick: (n) => n.props.controlType === 'TreeItem' && n.props.name === 'Branch',
  },
};

/** Start the form; a failed start rejects instead of leaving the fixture waiting. */
function startForm() {
  const app = spawn(
    'powershell.exe',
    ['-NoProfile', '-ExecutionPolicy', 'Bypass', '-File', FORM_SCRIPT, '-Title', TITLE],
    { stdio: 'ignore', windowsHide: false },
  );
  return watchStart(app, 'the test form');
}

/** End the form's whole process tree, whatever state it is in. */
function endForm(app: ChildProcess): void {
  if (app.pid !== undefined && app.exitCode === null)
    spawnSync('taskkill', ['/PID', String(app.pid), '/T', '/F'], { stdio: 'ignore' });
}

runHostConformance({
  name: 'uia',
  platform: 'win32',
  title: TITLE,
  targets: TARGETS,
  backend: () => createUiaBackend({ onLog: hostLog('UISTREAM_UIA_LOG') }),
  start: startForm,
  end: endForm,
});
