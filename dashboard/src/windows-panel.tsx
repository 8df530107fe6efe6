/**
 * The windows list, kept live from window events: each window.* event re-reads
 * windows.list (answered from the server's cache; nothing is polled).
 */
import type { UiEvent } from '../../protocol/src/index.js';
import { call, currentClient } from './session.js';
import { selectedWindow, windows } from './state.js';

let pending = false;

export function refreshWindows(): void {
  if (pending) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    call('windows.list', {}).then(
      (r) => {
        windows.value = r.windows;
        if (
          selectedWindow.value === null ||
          !r.windows.some((w) => w.ref === selectedWindow.value)
        ) {
          selectedWindow.value =
            r.windows.find((w) => w.foreground)?.ref ?? r.windows[0]?.ref ?? null;
        }
      },
      () => undefined,
    );
  });
}

export function watchWindows(): void {
  const types: UiEvent['type'][] = [
    'window.opened',
    'window.closed',
    'window.activated',
    'backend.status',
  ];
  currentClient()
    .events({ types })
    .subscribe({ next: refreshWindows, error: () => undefined });
  refreshWindows();
}

function flags(w: (typeof windows.value)[number]): string {
  return [w.foreground && 'foreground', w.modal && 'modal', w.minimized && 'minimized']
    .filter(Boolean)
    .join(', ');
}

export function WindowsPanel() {
  return (
    <section class="panel" aria-labelledby="windows-h">
      <h2 id="windows-h">Windows ({windows.value.length})</h2>
      <ul class="windows" role="listbox" aria-label="Windows" data-testid="windows">
        {windows.value.map((w) => (
          <li
            key={w.ref}
            role="option"
            tabIndex={0}
            aria-selected={w.ref === selectedWindow.value}
            data-ref={w.ref}
            onClick={() => (selectedWindow.value = w.ref)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                selectedWindow.value = w.ref;
              }
            }}
          >
            <span class="title">{w.title || '(untitled)'}</span>
            <span class="meta">
              {w.app} · pid {w.pid ?? '?'} {flags(w) && `· ${flags(w)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
