/**
 * Outside reads on an X11 desktop: the X server asked through its own tools in their own
 * processes (xwininfo, xprop, xrandr, xdotool, xmodmap, setxkbmap, ImageMagick's import), and the app's text and rows
 * through pyatspi (test/fixtures/x11/atspiRead.py), never through the server under test.
 */
import { fileURLToPath } from 'node:url';
import type { WindowStateName } from '../../../protocol/src/index.js';
import { LineReader } from '../../atspi/windowTruth.js';
import { x, xActiveWindow, xidOf as xidMatching, xwininfoRect } from '../../support/xwindow.js';
import type { Outside, OutsideMonitor, OutsideWindow } from './fixture.js';

const READER = fileURLToPath(new URL('../../fixtures/x11/atspiRead.py', import.meta.url));
/** How long a pointer move may take to show in the server's pointer read. */
const POINTER_MS = 5_000;

/** The X window of an app's top-level window with this exact title. */
export function xidOf(env: NodeJS.ProcessEnv, pid: number, title: string): Promise<string> {
  return xidMatching(env, pid, `^${title}$`);
}

function stateOf(netState: string, iconic: boolean): WindowStateName {
  if (iconic || netState.includes('_NET_WM_STATE_HIDDEN')) return 'minimized';
  if (netState.includes('_NET_WM_STATE_FULLSCREEN')) return 'fullscreen';
  const max = ['_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'];
  return max.every((m) => netState.includes(m)) ? 'maximized' : 'normal';
}

/** What X says about a window; null when X no longer has it (or it is withdrawn). */
export async function xWindow(env: NodeJS.ProcessEnv, xid: string): Promise<OutsideWindow | null> {
  let info: string;
  try {
    info = await x(env, 'xwininfo', ['-id', xid]);
  } catch {
    return null;
  }
  const props = await x(env, 'xprop', ['-id', xid, '_NET_WM_STATE', 'WM_STATE']).catch(() => '');
  const iconic = /window state: Iconic/.test(props);
  if (!/Map State: IsViewable/.test(info) && !iconic) return null;
  const active = await xActiveWindow(env);
  return {
    rect: xwininfoRect(info),
    state: stateOf(/_NET_WM_STATE\(ATOM\) = (.*)/.exec(props)?.[1] ?? '', iconic),
    active: active !== undefined && Number(active) === Number(xid),
  };
}

/** The process owning the active window (_NET_ACTIVE_WINDOW), if any. */
export async function xActivePid(env: NodeJS.ProcessEnv): Promise<number | undefined> {
  const active = await xActiveWindow(env);
  if (active === undefined || Number(active) === 0) return undefined;
  const pid = await x(env, 'xprop', ['-id', active, '_NET_WM_PID']).catch(() => '');
  const found = /= (\d+)/.exec(pid)?.[1];
  return found === undefined ? undefined : Number(found);
}

/**
 * The monitors: Xinerama's heads where it has several (the two-monitor desktop is a Xephyr
 * whose RandR sees one screen), else RandR's (`xrandr --listmonitors`:
 * `0: +*name 1280/338x1024/270+0+0  name`).
 */
export async function xMonitors(env: NodeJS.ProcessEnv): Promise<OutsideMonitor[]> {
  const xinerama = await x(env, 'xdpyinfo', ['-ext', 'XINERAMA']).catch(() => '');
  const heads = [...xinerama.matchAll(/head #\d+: (\d+)x(\d+) @ (-?\d+),(-?\d+)/g)];
  if (heads.length > 1) {
    return heads.map((m, i) => ({
      rect: { x: Number(m[3]), y: Number(m[4]), width: Number(m[1]), height: Number(m[2]) },
      primary: i === 0,
    }));
  }
  const out = await x(env, 'xrandr', ['--listmonitors']);
  const found = [...out.matchAll(/^\s*\d+: \+(\*?)\S+ (\d+)\/\d+x(\d+)\/\d+\+(-?\d+)\+(-?\d+)/gm)];
  const monitors = found.map((m) => ({
    rect: { x: Number(m[4]), y: Number(m[5]), width: Number(m[2]), height: Number(m[3]) },
    primary: m[1] === '*',
  }));
  // A server that names no primary output makes its first monitor the primary one.
  const first = monitors[0];
  if (first !== undefined && !monitors.some((m) => m.primary)) first.primary = true;
  return monitors;
}

export async function xPointer(env: NodeJS.ProcessEnv): Promise<{ x: number; y: number }> {
  const out = await x(env, 'xdotool', ['getmouselocation', '--shell']);
  return { x: Number(/^X=(-?\d+)$/m.exec(out)?.[1]), y: Number(/^Y=(-?\d+)$/m.exec(out)?.[1]) };
}

/** Move the pointer and wait (under a deadline) until X reports it there. */
async function movePointer(env: NodeJS.ProcessEnv, px: number, py: number): Promise<void> {
  await x(env, 'xdotool', ['mousemove', String(px), String(py)]);
  const deadline = Date.now() + POINTER_MS;
  for (;;) {
    const at = await xPointer(env);
    if (at.x === px && at.y === py) return;
    if (Date.now() > deadline) throw new Error(`the pointer stayed at (${at.x},${at.y})`);
  }
}

interface Read {
  text: string | null;
  rows: string[];
  selected: string[];
}

/** One screen pixel as ImageMagick's `import` reads it from the X server. */
async function xPixel(env: NodeJS.ProcessEnv, px: number, py: number): Promise<number[]> {
  const crop = `1x1+${px}+${py}`;
  const out = await x(env, 'import', ['-window', 'root', '-crop', crop, '-depth', '8', 'txt:-']);
  const rgb = /\((\d+),(\d+),(\d+)/.exec(out.split('\n')[1] ?? '');
  if (rgb === null) throw new Error(`no pixel in: ${out}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
}

/**
 * Outside reads of one app's window (`xid`), its edit and its list (accessible names `edit`
 * and `list`). `stop` ends the pyatspi reader.
 */
export function x11Outside(
  env: NodeJS.ProcessEnv,
  app: { pid: number; xid: string; edit: string; list: string },
): Outside & { stop(): Promise<void> } {
  const reader = new LineReader(READER, env);
  const read = (name: string): Promise<Read> => reader.ask<Read>(`${app.pid} ${name}`);
  return {
    window: () => xWindow(env, app.xid),
    monitors: () => xMonitors(env),
    pointer: () => xPointer(env),
    movePointer: (px, py) => movePointer(env, px, py),
    text: async () => (await read(app.edit)).text,
    rows: async () => (await read(app.list)).rows,
    setLayout: async (layout) => void (await x(env, 'setxkbmap', [layout])),
    keymap: () => x(env, 'xmodmap', ['-pke']),
    selected: async () => (await read(app.list)).selected,
    pixel: (px, py) => xPixel(env, px, py),
    stop: () => reader.stop(),
  };
}
