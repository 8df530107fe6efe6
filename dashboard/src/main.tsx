/** Boot: theme, token check and connection, then the live feeds, then the first render. */
import { render } from 'preact';
import { App, applyTheme } from './app.js';
import { resubscribe, startLog } from './events-log.js';
import { addSample, type ServerStats } from './health-data.js';
import { bearer, currentClient, start } from './session.js';
import { connection, fatal, mirror, selectedWindow } from './state.js';
import { mirrorWindow, onFocusEvent } from './tree-panel.js';
import { refreshWindows, watchWindows } from './windows-panel.js';

const STATS_EVERY_MS = 1000;

function pollStats(): void {
  const tick = (): void => {
    fetch('api/stats', { headers: bearer(), cache: 'no-store' })
      .then(async (r) =>
        r.ok ? addSample((await r.json()) as ServerStats, Date.now()) : undefined,
      )
      .catch(() => undefined)
      .finally(() => setTimeout(tick, STATS_EVERY_MS));
  };
  tick();
}

async function boot(): Promise<void> {
  applyTheme();
  const root = document.getElementById('app')!;
  render(<App />, root);
  try {
    if (!(await start(location.hash))) return;
  } catch (err) {
    fatal.value = `Could not connect to the server: ${err instanceof Error ? err.message : String(err)}`;
    return;
  }
  const client = currentClient();
  let wasOpen = true;
  client.state$.subscribe((s) => {
    if (s === 'open' && !wasOpen) {
      void resubscribe();
      refreshWindows();
    }
    wasOpen = s === 'open';
    if (s === 'closed')
      fatal.value = 'The connection to the server is closed. Reload to reconnect.';
  });
  watchWindows();
  client.events({ types: ['focus.changed'] }).subscribe({
    next: (e) => onFocusEvent(e.type === 'focus.changed' ? e.element?.ref : undefined),
    error: () => undefined,
  });
  await startLog();
  pollStats();
  // Tests and the benchmark read the page's own mirror through this (read-only) handle.
  (window as unknown as Record<string, unknown>).uistreamDashboard = {
    mirror: () => mirror.value,
    selectWindow: (ref: string) => (selectedWindow.value = ref),
    remirror: () => mirrorWindow(selectedWindow.value),
    connection: () => connection.value,
  };
}

void boot();
