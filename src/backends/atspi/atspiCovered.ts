/**
 * Pixels tell the truth: before a window's area is captured, the windows stacked above it are
 * asked of the X server. Where one covers the area, the capture would read that window's pixels
 * (OCR would read its text as if it were the element's), so the answer says what covers it.
 */
import type { CaptureRequest } from '../backend.js';
import { ActionFailedError } from '../../errors.js';
import type { X11Screen } from '../x11/index.js';
import { refOf } from './atspiIds.js';
import { xWindowOf, type RealInputDeps } from './atspiRealInput.js';

/** Throw action_failed (reason `covered`, with what covers it) when another window covers it. */
export async function refuseCovered(
  deps: RealInputDeps,
  screen: X11Screen,
  request: CaptureRequest,
  signal: AbortSignal,
): Promise<void> {
  if (request.windowId === undefined || !deps.x.available) return;
  // A window the X server cannot name is captured as before: nothing says it is covered.
  const window = await xWindowOf(deps, refOf(request.windowId), signal).catch(() => undefined);
  if (window === undefined) return;
  const over = await screen.occluders(window, request.rect);
  if (over.length === 0) return;
  const names = over.map((o) => JSON.stringify(o.title || o.window)).join(', ');
  throw new ActionFailedError(`the area is covered by another window: ${names}`, {
    details: { reason: 'covered', coveredBy: over, rect: request.rect },
    recovery: [
      'Bring the window to the front first (windows.activate), then capture again',
      'Move or close the covering window',
    ],
  });
}
