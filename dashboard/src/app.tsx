/** The page: header (connection, backend, theme) and the panels, in keyboard order. */
import { signal } from '@preact/signals';
import { ActionsPanel } from './actions-panel.js';
import { EventsPanel } from './events-panel.js';
import { HealthPanel } from './health-panel.js';
import { HighlightPanel } from './highlight-panel.js';
import { InspectorPanel } from './inspector-panel.js';
import { LocatorPanel } from './locator-panel.js';
import { RecorderPanel } from './recorder-panel.js';
import { connection, fatal, hello } from './state.js';
import { TreePanel } from './tree-panel.js';
import { WindowsPanel } from './windows-panel.js';

const THEME_KEY = 'uistream.dashboard.theme';
export const theme = signal<'light' | 'dark'>(
  (localStorage.getItem(THEME_KEY) as 'light' | 'dark' | null) ??
    (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'),
);

export function applyTheme(): void {
  document.documentElement.dataset.theme = theme.value;
}

function toggleTheme(): void {
  theme.value = theme.value === 'dark' ? 'light' : 'dark';
  localStorage.setItem(THEME_KEY, theme.value);
  applyTheme();
}

export function App() {
  const h = hello.value;
  return (
    <>
      <a class="skip" href="#main">
        Skip to the panels
      </a>
      <header class="top">
        <h1>uistream dashboard</h1>
        <span class="meta" role="status" data-testid="connection">
          {connection.value}
          {h && ` · ${h.backend} · server ${h.version} · protocol ${h.protocol}`}
          {h?.capabilities.readOnly && ' · read-only'}
        </span>
        <button
          type="button"
          onClick={toggleTheme}
          aria-label={`Switch to ${theme.value === 'dark' ? 'light' : 'dark'} theme`}
        >
          {theme.value === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
      </header>
      {fatal.value !== null && (
        <p class="fatal" role="alert" data-testid="fatal">
          {fatal.value}
        </p>
      )}
      {h !== null && (
        <main id="main" class="layout">
          <div class="col">
            <WindowsPanel />
            <HealthPanel />
          </div>
          <div class="col wide">
            <TreePanel />
            <LocatorPanel />
          </div>
          <div class="col">
            <InspectorPanel />
            <ActionsPanel />
            <HighlightPanel />
          </div>
          <div class="col full">
            <EventsPanel />
            <RecorderPanel />
          </div>
        </main>
      )}
    </>
  );
}
