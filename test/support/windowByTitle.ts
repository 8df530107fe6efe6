import type { BackendId } from '../../src/backends/backend.js';

/** The part of a host backend (UIA, AX) that lists top-level windows of a process. */
export interface WindowLister {
  listWindows(
    query: { pid: number },
    options: { signal: AbortSignal },
  ): Promise<readonly { id: BackendId; title: string }[]>;
}

/**
 * Wait for a process's top-level window by exact title. Polled: neither Wine nor the AX host
 * raises a window-opened event that could precede a subscription made after the launch.
 */
export async function windowByTitle(
  backend: WindowLister,
  pid: number,
  title: string,
  signal: AbortSignal,
): Promise<BackendId> {
  for (;;) {
    const found = (await backend.listWindows({ pid }, { signal })).find((w) => w.title === title);
    if (found !== undefined) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
    signal.throwIfAborted();
  }
}
