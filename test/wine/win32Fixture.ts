/**
 * The conformance fixture under Wine: the Win32 controls app (test/fixtures/win32, built by
 * scripts/wine/run.sh) driven through the REAL UIA backend, started fresh for every spec and
 * ended for sure. Targets are picked by control type and the app's own captions (the fixture's,
 * not the platform's: no localized UI names). Ground truth is the host's TreeWalker walk.
 * The fixture's stall meter (a message-only window) is read with plain Win32 calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import koffi from 'koffi';
import type { BackendId, BackendNode } from '../../src/backends/backend.js';
import type { UiaBackend } from '../../src/backends/uia/index.js';
import type { ConformanceFixture, TargetName } from '../conformance/fixture.js';
import { windowByTitle } from '../support/windowByTitle.js';

export const FIXTURE_TITLE = 'uistream conformance';

/** user32, loaded on first use (this module is also imported where there is none). */
type Win32Fn = ReturnType<ReturnType<typeof koffi.load>['func']>;
let win32: { FindWindowExW: Win32Fn; SendMessageTimeoutW: Win32Fn } | undefined;
function user32(): NonNullable<typeof win32> {
  if (win32 !== undefined) return win32;
  const lib = koffi.load('user32.dll');
  win32 = {
    FindWindowExW: lib.func(
      'intptr_t __stdcall FindWindowExW(intptr_t parent, intptr_t after, str16 cls, str16 title)',
    ),
    SendMessageTimeoutW: lib.func(
      'intptr_t __stdcall SendMessageTimeoutW(intptr_t hwnd, uint32_t msg, uintptr_t w, intptr_t l, uint32_t flags, uint32_t ms, _Out_ uintptr_t *result)',
    ),
  };
  return win32;
}
const HWND_MESSAGE = -3;
const WM_APP = 0x8000;
const SMTO_ABORTIFHUNG = 0x0002;

type Pick = (n: BackendNode) => boolean;
const has = (n: BackendNode, state: string): boolean => n.props.states.includes(state as never);
/**
 * A control by the fixture's own caption and its control type, or Pane: where the runtime has
 * no proxy for the control's class (Wine's oleacc has none for buttons, list boxes, trackbars,
 * tree and list views), it serves the child window as a plain Pane with the window text as name.
 * The caption is the fixture's, never the platform's (no localized UI names).
 */
const control =
  (type: string, name: string): Pick =>
  (n) =>
    (n.props.controlType === type || n.props.controlType === 'Pane') && n.props.name === name;

/** Where each named target lives: the window (by title suffix) and how to recognise it. */
export const WIN32_TARGETS: Record<TargetName, { window: string; pick: Pick }> = {
  dialogButton: { window: '', pick: control('Button', 'Open dialog') },
  checkBox: { window: '', pick: control('CheckBox', 'Check me') },
  // The edit's text is its value where the runtime serves Value, else its name (Wine's proxy).
  edit: {
    window: '',
    pick: (n) => n.props.controlType === 'Edit' && (n.props.value ?? n.props.name) === 'hello',
  },
  selectable: {
    window: '',
    pick: (n) =>
      n.props.controlType === 'ListItem' && n.props.name === 'Item 2' && !has(n, 'selected'),
  },
  expandable: {
    window: '',
    pick: (n) => n.props.controlType === 'TreeItem' && n.props.name === 'Branch',
  },
  range: { window: '', pick: (n) => n.props.controlType === 'Slider' },
  closableWindow: { window: ' (closable)', pick: (n) => n.props.controlType === 'Window' },
  scrollable: {
    window: '',
    pick: (n) => n.props.controlType === 'List' && n.props.patterns.includes('Scroll'),
  },
};

/** The fixture app's process; `failed` rejects when it exits or cannot start. */
export interface FixtureApp {
  child: ChildProcess;
  failed: Promise<never>;
  stop(): void;
}

/** Environment that makes the fixture serve its ListView rows as UIA elements (rowsuia.c). */
export const ROWS_UIA_ENV = { UISTREAM_FIXTURE_ROWS_UIA: '1' };

export function startFixtureApp(
  exe: string,
  title = FIXTURE_TITLE,
  env: Record<string, string> = {},
): FixtureApp {
  // Verbatim: the title arrives as the whole command line, unquoted (wWinMain's lpCmdLine).
  const child = spawn(exe, [title], {
    stdio: 'ignore',
    windowsVerbatimArguments: true,
    env: { ...process.env, ...env },
  });
  const failed = new Promise<never>((_resolve, reject) => {
    child.on('error', (err) => reject(new Error(`the fixture did not start: ${err.message}`)));
    child.on('exit', (code) => reject(new Error(`the fixture exited early (code ${code})`)));
  });
  failed.catch(() => undefined);
  return { child, failed, stop: () => void (child.exitCode === null && child.kill()) };
}

/**
 * The fixture's longest message-loop stall (gap between 10 ms timer ticks, in ms) since the
 * last reset; `reset` starts a new measurement. Null when the meter does not answer in 5 s.
 */
export function readStall(reset: boolean): number | null {
  const meter = user32().FindWindowExW(HWND_MESSAGE, 0, 'UistreamStallMeter', null) as
    number | bigint;
  if (BigInt(meter) === 0n) return null;
  const out = [0];
  const ok = user32().SendMessageTimeoutW(
    meter,
    WM_APP + 1,
    reset ? 1 : 0,
    0,
    SMTO_ABORTIFHUNG,
    5_000,
    out,
  ) as number;
  return Number(ok) === 0 ? null : Number(out[0]) / 1000;
}

/** Block the fixture's loop for `ms` (calibrates the meter); posted, so this returns at once. */
export function blockFixture(ms: number): void {
  const meter = user32().FindWindowExW(HWND_MESSAGE, 0, 'UistreamStallMeter', null) as
    number | bigint;
  const out = [0];
  user32().SendMessageTimeoutW(meter, WM_APP + 2, ms, 0, SMTO_ABORTIFHUNG, ms + 5_000, out);
}

export interface Win32Fixture extends ConformanceFixture {
  readonly backend: UiaBackend;
  readonly app: FixtureApp;
  readonly windows: { main: BackendId; closable: BackendId };
}

/** Start the app and find its windows on an already created (not yet started) backend. */
export async function createWin32Fixture(
  backend: UiaBackend,
  exe: string,
  signal: AbortSignal,
  env: Record<string, string> = {},
): Promise<Win32Fixture> {
  const app = startFixtureApp(exe, FIXTURE_TITLE, env);
  const dispose = async (): Promise<void> => {
    await backend.stop();
    app.stop();
  };
  try {
    await backend.start(signal);
    const pid = app.child.pid ?? 0;
    const find = (title: string) =>
      Promise.race([windowByTitle(backend, pid, title, signal), app.failed]);
    const main = await find(FIXTURE_TITLE);
    const windows = { main, closable: await find(`${FIXTURE_TITLE} (closable)`) };
    await backend.activateWindow(windows.main, { signal }).catch(() => undefined);
    return {
      backend,
      app,
      windows,
      async target(name, s) {
        const { window, pick } = WIN32_TARGETS[name];
        const root = window === '' ? windows.main : windows.closable;
        const nodes = await backend.fetchSubtree(root, { signal: s });
        const hit = nodes.find(pick);
        if (hit === undefined) throw new Error(`no ${name} in the fixture${window}`);
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
