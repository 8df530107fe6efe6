/**
 * Smoke check on real macOS apps (CI): for each app name given, wait for its window through the
 * backend (app resolution by name), read its subtree, capture it, and print what was seen.
 * Exits 1 when an app shows no window, a thin tree, or no pixels. The apps are started by the
 * workflow (`open -a TextEdit`); run: npx tsx test/macos/smoke.ts TextEdit Calculator
 */
import { createAxBackend } from '../../src/backends/ax/index.js';

const apps = process.argv.slice(2);
const backend = createAxBackend({ onLog: (m) => console.error(`host: ${m}`) });
const signal = AbortSignal.timeout(90_000);
let failed = false;

async function windowOf(app: string) {
  for (;;) {
    try {
      const windows = await backend.listWindows({ app }, { signal });
      if (windows.length > 0) return windows[0];
    } catch (err) {
      // app_not_found until the poll has seen it start
      if (!String(err).includes('running')) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    signal.throwIfAborted();
  }
}

await backend.start(signal);
for (const app of apps) {
  try {
    const win = await windowOf(app);
    if (win === undefined) throw new Error('no window');
    const nodes = await backend.fetchSubtree(win.id, { signal });
    const types = new Map<string, number>();
    for (const n of nodes)
      types.set(n.props.controlType, (types.get(n.props.controlType) ?? 0) + 1);
    const rect = win.rect ?? { x: 0, y: 0, width: 0, height: 0 };
    const shot = await backend.capture({ rect, windowId: win.id }, { signal });
    console.log(
      JSON.stringify({
        app,
        window: win.title,
        bundleId: win.bundleId,
        nodes: nodes.length,
        types: Object.fromEntries(types),
        shot: { width: shot.width, height: shot.height, scale: shot.scale },
      }),
    );
    if (nodes.length < 5 || shot.width === 0 || shot.height === 0) failed = true;
  } catch (err) {
    console.log(JSON.stringify({ app, error: String(err) }));
    failed = true;
  }
}
await backend.stop();
process.exit(failed ? 1 : 0);
