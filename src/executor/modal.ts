/**
 * UIA's modal quirk: a pattern call whose handler opens a modal dialog (WinForms ShowDialog, a
 * message box) does not return until that dialog closes. The action has done its job once the
 * dialog is open, so the executor stops waiting there and answers with the dialog, instead of
 * holding the caller until the deadline. The blocked call stays with the backend (its result,
 * whenever it comes, is dropped); the caller acts on the dialog next.
 */
import type { Patch, WindowInfo } from '../../protocol/src/index.js';
import type { UiCache } from '../cache/api.js';

export type PatternOutcome<T> =
  { blocked: false; value: T } | { blocked: true; dialog: Pick<WindowInfo, 'ref' | 'title'> };

function modalOpened(patch: Patch, app: string | undefined): WindowInfo | undefined {
  if (patch.op !== 'window.opened' || !patch.window.modal) return undefined;
  return app === undefined || patch.window.app === app ? patch.window : undefined;
}

/**
 * Run `call`, but settle as soon as a modal window of `app` (any app when unknown) opens while
 * it is pending. Subscribes before calling, so a dialog that opens synchronously is seen.
 */
export function untilModalOpens<T>(
  call: () => Promise<T>,
  cache: UiCache,
  app: string | undefined,
): Promise<PatternOutcome<T>> {
  return new Promise<PatternOutcome<T>>((resolve, reject) => {
    let settled = false;
    const subscription = cache.patches$.subscribe((batch) => {
      const dialog = batch.patches.map((p) => modalOpened(p, app)).find((w) => w !== undefined);
      if (dialog === undefined || settled) return;
      settled = true;
      subscription.unsubscribe();
      resolve({ blocked: true, dialog: { ref: dialog.ref, title: dialog.title } });
    });
    call().then(
      (value) => {
        subscription.unsubscribe();
        if (settled) return;
        settled = true;
        resolve({ blocked: false, value });
      },
      (err: unknown) => {
        subscription.unsubscribe();
        if (settled) return; // the dialog already answered; the blocked call's end is moot
        settled = true;
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
