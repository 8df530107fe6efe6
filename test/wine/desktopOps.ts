/**
 * Window changes, the window stack and an app's copy to the clipboard, through the REAL UIA
 * backend under Wine against the Win32 fixture. Every answer is checked from outside the host:
 * this process reads the window with its own Win32 calls (GetWindowRect, IsIconic, IsZoomed,
 * IsWindow, GetForegroundWindow) and through UIA's BoundingRectangle (a fetch), never by the
 * host's own read-back alone.
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import koffi from 'koffi';
import type { WindowGeometry, WindowOp } from '../../src/backends/backend.js';
import type { UiaBackend } from '../../src/backends/uia/index.js';
import type { BigListContext } from './bigList.js';
import { FIXTURE_TITLE, createWin32Fixture } from './win32Fixture.js';

type Fn = (...args: unknown[]) => unknown;
let user32: Record<'GetWindowRect' | 'IsIconic' | 'IsZoomed' | 'IsWindow' | 'Fore', Fn> | undefined;
function outside(): NonNullable<typeof user32> {
  if (user32 !== undefined) return user32;
  const lib = koffi.load('user32.dll');
  const f = (sig: string): Fn => lib.func(sig) as Fn;
  user32 = {
    GetWindowRect: f('int32_t __stdcall GetWindowRect(intptr_t hwnd, void *rect)'),
    IsIconic: f('int32_t __stdcall IsIconic(intptr_t hwnd)'),
    IsZoomed: f('int32_t __stdcall IsZoomed(intptr_t hwnd)'),
    IsWindow: f('int32_t __stdcall IsWindow(intptr_t hwnd)'),
    Fore: f('intptr_t __stdcall GetForegroundWindow()'),
  };
  return user32;
}

/** The window as this process sees it. */
function seen(hwnd: number) {
  const w = outside();
  const r = Buffer.alloc(16);
  w.GetWindowRect(hwnd, r);
  const [x = 0, y = 0, right = 0, bottom = 0] = [0, 4, 8, 12].map((o) => r.readInt32LE(o));
  return {
    rect: { x, y, width: right - x, height: bottom - y },
    minimized: w.IsIconic(hwnd) !== 0,
    maximized: w.IsZoomed(hwnd) !== 0,
    exists: w.IsWindow(hwnd) !== 0,
    foreground: Number(w.Fore()) === hwnd,
  };
}

function assert(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

async function windowChecks(backend: UiaBackend, id: string, hwnd: number): Promise<string> {
  const signal = (): AbortSignal => AbortSignal.timeout(15_000);
  const vias: string[] = [];
  const op = async (o: WindowOp): Promise<WindowGeometry> => {
    const got = await backend.windowOp(id, o, { signal: signal() });
    vias.push(`${o.op}${o.op === 'state' ? `:${o.state}` : ''} via ${got.via}`);
    return got;
  };
  const uiaRect = async () =>
    (await backend.fetchSubtree(id, { signal: signal(), maxDepth: 0 }))[0]?.props.rect;

  const moved = await op({ op: 'move', x: 300, y: 200 });
  assert(moved.rect?.x === 300 && moved.rect.y === 200, `move answered ${JSON.stringify(moved)}`);
  assert(same(seen(hwnd).rect, moved.rect), `GetWindowRect shows ${JSON.stringify(seen(hwnd))}`);
  assert(same(await uiaRect(), moved.rect), `UIA shows ${JSON.stringify(await uiaRect())}`);

  const sized = await op({ op: 'resize', width: 420, height: 260 });
  assert(
    sized.rect?.width === 420 && sized.rect.height === 260,
    `resize: ${JSON.stringify(sized)}`,
  );
  assert(same(seen(hwnd).rect, sized.rect), `GetWindowRect shows ${JSON.stringify(seen(hwnd))}`);

  const max = await op({ op: 'state', state: 'maximized' });
  assert(max.state === 'maximized' && seen(hwnd).maximized, `maximize: ${JSON.stringify(max)}`);
  const back = await op({ op: 'state', state: 'normal' });
  assert(back.state === 'normal' && !seen(hwnd).maximized, `normal: ${JSON.stringify(back)}`);
  assert(same(back.rect, sized.rect), `normal put it at ${JSON.stringify(back.rect)}`);

  const min = await op({ op: 'state', state: 'minimized' });
  assert(min.state === 'minimized' && seen(hwnd).minimized, `minimize: ${JSON.stringify(min)}`);
  await op({ op: 'state', state: 'normal' });
  assert(!seen(hwnd).minimized, 'still minimized after normal');

  const [monitor] = await backend.monitors(signal());
  const full = await op({ op: 'state', state: 'fullscreen' });
  assert(full.state === 'fullscreen', `fullscreen answered ${JSON.stringify(full)}`);
  assert(same(seen(hwnd).rect, monitor?.rect), `fullscreen covers ${JSON.stringify(seen(hwnd))}`);
  const unfull = await op({ op: 'state', state: 'normal' });
  assert(same(seen(hwnd).rect, sized.rect), `after fullscreen: ${JSON.stringify(unfull)}`);

  const main = (await backend.listWindows({ title: FIXTURE_TITLE }, { signal: signal() })).find(
    (w) => w.title === FIXTURE_TITLE,
  );
  if (main === undefined) throw new Error('no main window');
  const other = await backend.windowOp(main.id, { op: 'activate' }, { signal: signal() });
  vias.push(`activate main via ${other.via}`);
  assert(other.foreground && seen(main.hwnd).foreground, `main in front: ${JSON.stringify(other)}`);
  const active = await op({ op: 'activate' });
  assert(
    active.foreground && seen(hwnd).foreground,
    `activate: ${JSON.stringify(active)} (${vias.join('; ')})`,
  );
  const stack = (await backend.windowStacking(signal())).map((w) => w.id);
  const [above, below] = [stack.indexOf(id), stack.indexOf(main.id)];
  assert(above >= 0 && above < below, `the stack is ${JSON.stringify(stack)}`);

  const closed = await op({ op: 'close' });
  assert(closed.closed && !seen(hwnd).exists, `close: ${JSON.stringify(closed)}`);
  return vias.join('; ');
}

export async function desktopOpsChecks(ctx: BigListContext): Promise<void> {
  const signal = (): AbortSignal => AbortSignal.timeout(20_000);
  const fixture = await createWin32Fixture(ctx.newBackend(), ctx.fixtureExe, signal());
  const { backend } = fixture;
  const pid = fixture.app.child.pid ?? 0;
  try {
    const windows = await backend.listWindows({ pid }, { signal: signal() });
    const closable = windows.find((w) => w.title === `${FIXTURE_TITLE} (closable)`);
    await ctx.check("clipboard: an app's Ctrl+C is read back with the app as owner", async () => {
      const edit = await fixture.target('edit', signal());
      await backend.clipboard.write({ text: 'before the copy' }, signal());
      await backend.focus(edit, { signal: signal() });
      const owned = firstValueFrom(
        backend.clipboard.changes$.pipe(
          filter((s) => s.owner?.pid === pid),
          timeout({ first: 10_000 }),
        ),
      );
      owned.catch(() => undefined);
      // Home, Shift+End selects the line (Wine's edit has no Ctrl+A), Ctrl+C copies it.
      const combos = [
        { key: 'Home', modifiers: [] },
        { key: 'End', modifiers: ['shift' as const] },
        { key: 'c', modifiers: ['ctrl' as const] },
      ];
      await backend.input({ kind: 'keys', combos }, { signal: signal() });
      const change = await owned.catch(async (err: unknown) => {
        const now = await backend.clipboard.state(signal());
        const node = (await backend.fetchSubtree(edit, { signal: signal(), maxDepth: 0 }))[0];
        const focus = JSON.stringify(node?.props.states);
        throw new Error(
          `${String(err)}; the clipboard is now ${JSON.stringify(now)}; edit ${focus}`,
        );
      });
      const text = await backend.clipboard.read('text', 1 << 20, signal());
      assert(text === 'hello', `the clipboard reads ${JSON.stringify(text)}`);
      return `announced ${JSON.stringify(change)}; read ${JSON.stringify(text)}`;
    });
    await ctx.check('window ops: each answers the window as Win32 and UIA read it back', () => {
      if (closable === undefined) throw new Error('no closable window');
      return windowChecks(backend, closable.id, closable.hwnd);
    });
  } finally {
    await fixture.dispose();
  }
}
