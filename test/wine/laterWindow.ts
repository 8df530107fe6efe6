/**
 * A top-level window that comes and goes on its own: the fixture's "Open later" button, clicked
 * with real input (Wine serves no Invoke), opens "<title> (later)" 400 ms later and closes it
 * 1.5 s after that. Wine raises no window opened/closed events, so both are seen by re-reading
 * the app's windows until a deadline (the one place the Wine runs poll); the closed window's id
 * then answers element_stale.
 */
import type { BackendNode } from '../../src/backends/backend.js';
import { isUiError } from '../../src/errors.js';
import type { BigListContext } from './bigList.js';
import { FIXTURE_TITLE, createWin32Fixture } from './win32Fixture.js';

const LATER = `${FIXTURE_TITLE} (later)`;

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function centre(node: BackendNode): { x: number; y: number } {
  const rect = node.props.rect;
  if (rect === null) throw new Error(`${node.props.name} has no rect`);
  return { x: Math.round(rect.x + rect.width / 2), y: Math.round(rect.y + rect.height / 2) };
}

export async function laterWindowCheck(ctx: BigListContext): Promise<void> {
  const signal = (): AbortSignal => AbortSignal.timeout(20_000);
  const fixture = await createWin32Fixture(ctx.newBackend(), ctx.fixtureExe, signal());
  const { backend, windows } = fixture;
  const pid = fixture.app.child.pid ?? 0;
  const later = async (): Promise<string | undefined> =>
    (await backend.listWindows({ pid }, { signal: signal() })).find((w) => w.title === LATER)?.id;
  try {
    await ctx.check('a window that opens and closes on a delay is seen both ways', async () => {
      const nodes = await backend.fetchSubtree(windows.main, { signal: signal() });
      const button = nodes.find((n) => n.props.name === 'Open later');
      if (button === undefined) throw new Error('no "Open later" control');
      if ((await later()) !== undefined) throw new Error('the window is open before the click');
      const clicked = Date.now();
      await backend.input(
        { kind: 'click', ...centre(button), button: 'left', count: 1 },
        { signal: signal() },
      );
      const id = await until('the later window', 10_000, later);
      const opened = Date.now() - clicked;
      await until('the later window closing', 10_000, async () =>
        (await later()) === undefined ? true : undefined,
      );
      const closed = Date.now() - clicked;
      const stale = await backend.fetchSubtree(id, { signal: signal() }).then(
        (nodes) => `answered ${JSON.stringify(nodes[0]?.props)}`,
        (err: unknown) => (isUiError(err) ? err.code : String(err)),
      );
      if (stale !== 'element_stale') throw new Error(`its id answers ${stale}, not element_stale`);
      return `seen open ${opened} ms and gone ${closed} ms after the click; its id answers element_stale`;
    });
  } finally {
    await fixture.dispose();
  }
}
