/**
 * The conformance suite against the real Windows UI Automation backend: Notepad (the closable
 * window), Calculator (started so the suite also walks a UWP app) and a small WinForms test
 * form built by PowerShell from the script below, relaunched for every spec. Runs only on
 * Windows (.github/workflows/windows.yml); elsewhere it checks that the expectation file names
 * real specs. Under Wine the backend is proven by test/wine instead (Wine lacks patterns and
 * navigation, see docs/windows.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackendId, BackendNode } from '../../src/backends/backend.js';
import { createUiaBackend, type UiaBackend } from '../../src/backends/uia/index.js';
import type { ConformanceFixture, TargetName } from './fixture.js';
import { loadExpectations, runConformance } from './harness.js';
import { ALL_SPECS } from './specs/index.js';

/** A form offering every conformance target, non-modal dialogs only (Invoke must return). */
const FORM_SCRIPT = String.raw`
Add-Type -AssemblyName System.Windows.Forms
$f = New-Object Windows.Forms.Form -Property @{ Text = 'uistream conformance'; Width = 640; Height = 520 }
$b = New-Object Windows.Forms.Button -Property @{ Text = 'Open dialog'; Left = 10; Top = 10; Width = 120 }
$b.Add_Click({ (New-Object Windows.Forms.Form -Property @{ Text = 'uistream dialog'; Width = 300; Height = 200 }).Show() })
$c = New-Object Windows.Forms.CheckBox -Property @{ Text = 'Check me'; Left = 150; Top = 10; Width = 120 }
$t = New-Object Windows.Forms.TextBox -Property @{ Left = 10; Top = 50; Width = 300; Name = 'edit' }
$l = New-Object Windows.Forms.ListBox -Property @{ Left = 10; Top = 90; Width = 200; Height = 120; Name = 'list' }
1..60 | ForEach-Object { [void]$l.Items.Add("Item $_") }
$tv = New-Object Windows.Forms.TreeView -Property @{ Left = 230; Top = 90; Width = 200; Height = 120 }
$n = $tv.Nodes.Add('Branch'); [void]$n.Nodes.Add('Leaf 1'); [void]$n.Nodes.Add('Leaf 2')
$tb = New-Object Windows.Forms.TrackBar -Property @{ Left = 10; Top = 230; Width = 300; Minimum = 0; Maximum = 10 }
$f.Controls.AddRange(@($b, $c, $t, $l, $tv, $tb))
[Windows.Forms.Application]::Run($f)
`;

type Pick = (n: BackendNode) => boolean;
const has = (n: BackendNode, state: string): boolean => n.props.states.includes(state as never);

const TARGETS: Record<TargetName, { window: 'form' | 'notepad'; pick: Pick }> = {
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
  closableWindow: { window: 'notepad', pick: (n) => n.props.controlType === 'Window' },
  scrollable: {
    window: 'form',
    pick: (n) => n.props.automationId === 'list' && n.props.patterns.includes('Scroll'),
  },
};

/** Wait for an app's top-level window (no platform event precedes our own subscription). */
async function windowOf(
  backend: UiaBackend,
  query: { pid?: number; title?: string },
  signal: AbortSignal,
): Promise<BackendId> {
  for (;;) {
    const [found] = await backend.listWindows(query, { signal });
    if (found !== undefined) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
    signal.throwIfAborted();
  }
}

async function createFixture(signal: AbortSignal): Promise<ConformanceFixture> {
  const backend = createUiaBackend();
  const apps: ChildProcess[] = [];
  const dispose = async (): Promise<void> => {
    await backend.stop();
    for (const app of apps) app.kill();
  };
  try {
    await backend.start(signal);
    const dir = mkdtempSync(join(tmpdir(), 'uistream-uia-'));
    writeFileSync(join(dir, 'form.ps1'), FORM_SCRIPT);
    const form = spawn(
      'powershell.exe',
      ['-NoProfile', '-ExecutionPolicy', 'Bypass', '-File', join(dir, 'form.ps1')],
      { stdio: 'ignore' },
    );
    const notepad = spawn('notepad.exe', [], { stdio: 'ignore' });
    apps.push(form, notepad, spawn('calc.exe', [], { stdio: 'ignore' }));
    const windows = {
      form: await windowOf(backend, { title: 'uistream conformance' }, signal),
      notepad: await windowOf(backend, { pid: notepad.pid ?? 0 }, signal),
    };
    return {
      backend,
      async target(name, s) {
        const { window, pick } = TARGETS[name];
        const nodes = await backend.fetchSubtree(windows[window], { signal: s });
        const hit = nodes.find(pick);
        if (hit === undefined) throw new Error(`no ${name} in the ${window} window`);
        return hit.id;
      },
      groundTruth: (s) => backend.fetchSubtree(backend.rootId, { signal: s }),
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
