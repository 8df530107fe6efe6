/** The page's shared state, as signals: what the server is, what is selected, what is shown. */
import { signal } from '@preact/signals';
import type { MethodResult, WindowInfo } from '../../protocol/src/index.js';
import type { MirrorView } from './mirror-stream.js';

export type Hello = MethodResult<'session.hello'>;
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export const hello = signal<Hello | null>(null);
export const connection = signal<ConnectionState>('connecting');
/** A problem that stops the page (bad token, server gone): shown as an alert. */
export const fatal = signal<string | null>(null);

export const windows = signal<WindowInfo[]>([]);
export const selectedWindow = signal<string | null>(null);
export const mirror = signal<MirrorView | null>(null);
/** tree.resync count of the current mirror (shown, never hidden). */
export const resyncs = signal(0);
export const selectedRef = signal<string | null>(null);
export const hoveredRef = signal<string | null>(null);
export const followFocus = signal(false);
/** Refs matched by the locator tester (boxed on the schematic). */
export const matchedRefs = signal<string[]>([]);

/** Why actions are off, or null when they are allowed. */
export function actionsDisabledReason(h: Hello | null): string | null {
  if (h === null) return 'not connected';
  if (h.capabilities.readOnly) {
    return 'the server is read-only (--read-only): every action is refused';
  }
  return null;
}
